import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";

import type { CustomerDetail as Detail, CustomerFound as Found } from "#contract/ops-answers";

import { api, call, ConsoleError } from "../api";
import type { Column } from "../DataTable";
import type { FilterField } from "../FilterBar";
import { money, when } from "../i18n";
import { ListView } from "../ListView";
import { useList } from "../use-list";

export function UsersPage() {
  const { t } = useLingui();
  const [detail, setDetail] = useState<Detail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const list = useList(api.searchUsers, ["q", "since", "until", "state"]);
  const show = (failure: unknown) => setError(failure instanceof ConsoleError ? failure.message : String(failure));
  const open = (id: number) => call(api.userDetail, { id: String(id) }).then(setDetail, show);
  const filters: FilterField[] = [
    { name: "q", label: t`Search`, kind: "text", placeholder: t`Account, phone, id or invite code` },
    {
      name: "state",
      label: t`Account state`,
      kind: "select",
      options: [
        { value: "all", label: t`All` },
        { value: "locked", label: t`Locked` },
        { value: "verified", label: t`Verified` },
        { value: "unverified", label: t`Not verified` },
      ],
    },
    { name: "since", label: t`Registered from`, kind: "date" },
    { name: "until", label: t`Registered to`, kind: "date" },
  ];
  const columns: Column<Found>[] = [
    { head: "#", cell: (user) => user.id },
    { head: <Trans>Account</Trans>, cell: (user) => user.account },
    { head: <Trans>Phone</Trans>, cell: (user) => user.phone },
    { head: <Trans>Invite code</Trans>, cell: (user) => user.inviteCode },
    { head: <Trans>Registered</Trans>, cell: (user) => when(user.createdAt), sort: "time" },
    { head: <Trans>Cash</Trans>, className: "amount", cell: (user) => money(user.cash), sort: "cash" },
    {
      cell: (user) => (
        <button type="button" onClick={() => void open(user.id)}>
          <Trans>Open</Trans>
        </button>
      ),
    },
  ];
  return (
    <section>
      <h1>
        <Trans>Users</Trans>
      </h1>
      {error && <p className="error">{error}</p>}
      {detail ? (
        <UserDetail detail={detail} onBack={() => setDetail(null)} />
      ) : (
        <ListView
          list={list}
          filters={filters}
          columns={columns}
          rowKey={(user) => user.id}
          testId={(user) => `user-${user.id}`}
          exportPath={api.exportUsers}
        />
      )}
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
