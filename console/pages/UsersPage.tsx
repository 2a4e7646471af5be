import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";

import type { CustomerDetail as Detail, CustomerFound as Found } from "#contract/ops-answers";

import { api, call, ConsoleError } from "../api";
import { when } from "../i18n";

export function UsersPage() {
  const { t } = useLingui();
  const [found, setFound] = useState<Found[] | null>(null);
  const [detail, setDetail] = useState<Detail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const show = (failure: unknown) => setError(failure instanceof ConsoleError ? failure.message : String(failure));
  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get("q") ?? "").trim();
    setDetail(null);
    setError(null);
    call(api.searchUsers, { q }).then(setFound, show);
  };
  const open = (id: number) => call(api.userDetail, { id: String(id) }).then(setDetail, show);
  return (
    <section>
      <h1>
        <Trans>Users</Trans>
      </h1>
      <form className="search" onSubmit={search}>
        <input name="q" aria-label={t`Account, phone, id or invite code`} placeholder={t`Account, phone, id or invite code`} required />
        <button type="submit">
          <Trans>Search</Trans>
        </button>
      </form>
      {error && <p className="error">{error}</p>}
      {found && !detail && (
        <table>
          <thead>
            <tr>
              <th>#</th>
              <th>
                <Trans>Account</Trans>
              </th>
              <th>
                <Trans>Phone</Trans>
              </th>
              <th>
                <Trans>Invite code</Trans>
              </th>
              <th>
                <Trans>Cash</Trans>
              </th>
              <th />
            </tr>
          </thead>
          <tbody>
            {found.map((user) => (
              <tr key={user.id}>
                <td>{user.id}</td>
                <td>{user.account}</td>
                <td>{user.phone}</td>
                <td>{user.inviteCode}</td>
                <td className="amount">{user.cash}</td>
                <td>
                  <button type="button" onClick={() => void open(user.id)}>
                    <Trans>Open</Trans>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {detail && <UserDetail detail={detail} onBack={() => setDetail(null)} />}
    </section>
  );
}

function UserDetail({ detail, onBack }: { detail: Detail; onBack: () => void }) {
  const { user, balances } = detail;
  return (
    <article>
      <button type="button" onClick={onBack}>
        <Trans>Back to results</Trans>
      </button>
      <h2>
        {user.account} (#{user.id})
      </h2>
      <dl className="figures">
        <dt>
          <Trans>Phone</Trans>
        </dt>
        <dd>{user.phone}</dd>
        <dt>
          <Trans>Cash</Trans>
        </dt>
        <dd>{balances.cash}</dd>
        <dt>
          <Trans>Coin</Trans>
        </dt>
        <dd>{balances.coin}</dd>
        <dt>
          <Trans>Frozen</Trans>
        </dt>
        <dd>{balances.frozen}</dd>
        <dt>
          <Trans>Yuebao</Trans>
        </dt>
        <dd>{balances.yuebao}</dd>
      </dl>
      <h3>
        <Trans>Ledger</Trans>
      </h3>
      <table>
        <thead>
          <tr>
            <th>
              <Trans>Time</Trans>
            </th>
            <th>
              <Trans>Balance</Trans>
            </th>
            <th>
              <Trans>Change</Trans>
            </th>
            <th>
              <Trans>After</Trans>
            </th>
            <th>
              <Trans>Reason</Trans>
            </th>
            <th>
              <Trans>Reference</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {detail.ledger.map((row) => (
            <tr key={row.id}>
              <td>{when(row.time)}</td>
              <td>{row.account}</td>
              <td className="amount">{row.delta}</td>
              <td className="amount">{row.balance}</td>
              <td>{row.reason}</td>
              <td>{row.reference}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>
        <Trans>Cards</Trans>
      </h3>
      <ul>
        {detail.cards.map((card) => (
          <li key={card.id}>
            {card.type} · {card.bank} {card.branch} · <code>{card.number}</code> · {card.holder}
          </li>
        ))}
      </ul>
      <h3>
        <Trans>Orders</Trans>
      </h3>
      <table>
        <tbody>
          {detail.orders.map((order) => (
            <tr key={order.id}>
              <td>{order.id}</td>
              <td>{when(order.openTime)}</td>
              <td>{order.direction}</td>
              <td className="amount">{order.amount}</td>
              <td>
                {order.status} {order.result ?? ""}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </article>
  );
}
