import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";

import { CUSTOMER_NOTE_MAX, type CustomerPasswordReset, RISK_LABELS, type RiskLabel } from "#contract/customers";
import type { CustomerDetail } from "#contract/ops-answers";

import { api, call } from "../api";
import { consoleHref } from "../customer-href";
import { FormStatus } from "../FormStatus";
import { FraudSignals } from "../FraudSignals";
import { money, when } from "../i18n";
import { useMay } from "../operator-context";
import { useLoad } from "../use-load";
import { useSubmit } from "../use-submit";

/** The risk labels' names in the console's languages. */
export const riskLabelNames: Record<RiskLabel, MessageDescriptor> = {
  watch: msg`Watch`,
  bonus_abuse: msg`Bonus abuse`,
  chargeback_risk: msg`Chargeback risk`,
  vip: msg`VIP`,
};

/**
 * One customer for the money desk (#/users/<id>): the account's state and what may be done to it (freeze,
 * unlock, a password reset, risk labels: each offered only to a role the server lets do it), where it was
 * registered and logged in from, the real name (the ID number in full for the roles that check it), balances,
 * trading result, the latest recharges and withdrawals, notes, and the warnings about it.
 */
export function CustomerPage({ id }: { id: number }) {
  const { data, error, reload } = useLoad(() => call(api.userDetail, { id: String(id) }), [id]);
  if (error) return <p className="error">{error}</p>;
  if (!data) return null;
  return <CustomerView detail={data} reload={reload} />;
}

function CustomerView({ detail, reload }: { detail: CustomerDetail; reload: () => void }) {
  const { t, i18n } = useLingui();
  const may = useMay();
  const action = useSubmit();
  const [shown, setShown] = useState<CustomerPasswordReset | null>(null);
  const { user, flags, balances, trading } = detail;
  const account = user.account;
  const run = (work: () => Promise<unknown>, done: string) => void action.submit(work, done).then((ok) => ok && reload());
  const labelled = new Set(detail.labels.map((label) => label.label));
  const verification = detail.verifications[0];

  const addNote = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const text = String(new FormData(form).get("text") ?? "");
    run(
      async () => {
        await call(api.addCustomerNote, { account, text });
        form.reset();
      },
      t`Note added`,
    );
  };

  return (
    <article className="customer" data-testid="customer-page">
      <p>
        <a href={consoleHref("/users")}>
          <Trans>Back to users</Trans>
        </a>
      </p>
      <h1>
        {account} (#{user.id})
      </h1>
      <p className="flags" data-testid="customer-flags">
        {flags.frozen && flags.frozenAt !== null && <span className="flag flag-frozen">{t`Frozen since ${when(flags.frozenAt)}`}</span>}
        {flags.locked && <span className="flag flag-locked">{t`Login locked`}</span>}
        {flags.mustChangePassword && <span className="flag">{t`Must choose a new password`}</span>}
        <span className="flag">{user.verified ? t`Verified` : t`Not verified`}</span>
        {detail.labels.map((label) => (
          <span key={label.label} className="flag flag-label">
            {i18n._(riskLabelNames[label.label])}
          </span>
        ))}
      </p>

      <section className="customer-actions" aria-label={t`Actions`}>
        {may(api.setCustomerFrozen) && (
          <button
            type="button"
            disabled={action.busy}
            onClick={() =>
              run(
                () => call(api.setCustomerFrozen, { account, frozen: flags.frozen ? "0" : "1" }),
                flags.frozen ? t`Account unfrozen` : t`Account frozen`,
              )
            }
          >
            {flags.frozen ? <Trans>Unfreeze</Trans> : <Trans>Freeze</Trans>}
          </button>
        )}
        {flags.locked && may(api.unlockUser) && (
          <button type="button" disabled={action.busy} onClick={() => run(() => call(api.unlockUser, { account }), t`Unlocked`)}>
            <Trans>Unlock login</Trans>
          </button>
        )}
        {may(api.resetCustomerPassword) && (
          <button
            type="button"
            disabled={action.busy}
            onClick={() => run(async () => setShown(await call(api.resetCustomerPassword, { account })), t`Password reset`)}
          >
            <Trans>Reset password</Trans>
          </button>
        )}
        <FormStatus error={action.error} notice={action.notice} />
        {shown && (
          <div className="shown-once" role="status" data-testid="temporary-password">
            <p>
              <Trans>
                Temporary password for {shown.account}: <code>{shown.password}</code>. It is shown this once: give it to the customer, who
                chooses a new one at the next login.
              </Trans>
            </p>
            <button type="button" onClick={() => setShown(null)}>
              <Trans>Done</Trans>
            </button>
          </div>
        )}
        {may(api.setCustomerLabel) && (
          <fieldset className="labels">
            <legend>
              <Trans>Risk labels</Trans>
            </legend>
            {RISK_LABELS.map((label) => (
              <label key={label}>
                <input
                  type="checkbox"
                  checked={labelled.has(label)}
                  disabled={action.busy}
                  onChange={(event) =>
                    run(() => call(api.setCustomerLabel, { account, label, on: event.target.checked ? "1" : "0" }), t`Labels saved`)
                  }
                />
                {i18n._(riskLabelNames[label])}
              </label>
            ))}
          </fieldset>
        )}
      </section>

      <FraudSignals signals={detail.signals} />

      <dl className="figures">
        <dt>
          <Trans>Phone</Trans>
        </dt>
        <dd>{user.phone}</dd>
        <dt>
          <Trans>Real name</Trans>
        </dt>
        <dd>{verification ? `${verification.name} · ${verification.idNumber} (${verification.status})` : (user.name ?? "—")}</dd>
        <dt>
          <Trans>Registered</Trans>
        </dt>
        <dd>
          {when(user.createdAt)}
          {detail.registration &&
            ` · ${detail.registration.ip}${detail.registration.deviceId ? ` · ${t`device`} ${detail.registration.deviceId}` : ""}`}
        </dd>
        <dt>
          <Trans>Cash</Trans>
        </dt>
        <dd>{money(balances.cash)}</dd>
        <dt>
          <Trans>Coin</Trans>
        </dt>
        <dd>{money(balances.coin)}</dd>
        <dt>
          <Trans>Frozen</Trans>
        </dt>
        <dd>{money(balances.frozen)}</dd>
        <dt>
          <Trans>Yuebao</Trans>
        </dt>
        <dd>{money(balances.yuebao)}</dd>
        <dt>
          <Trans>Orders</Trans>
        </dt>
        <dd data-testid="customer-trading">
          {t`${trading.orders} orders, ${money(trading.staked)} staked, ${money(trading.paidOut)} paid out, profit ${money(trading.profit)}`}
        </dd>
      </dl>

      <section>
        <h2>
          <Trans>Notes</Trans>
        </h2>
        <ol className="notes">
          {detail.notes.map((note) => (
            <li key={note.id}>
              <span className="hint">
                {when(note.time)} · {note.operator}
              </span>{" "}
              {note.text}
            </li>
          ))}
        </ol>
        {may(api.addCustomerNote) && (
          <form onSubmit={addNote}>
            <label>
              <Trans>New note</Trans>
              <textarea name="text" required maxLength={CUSTOMER_NOTE_MAX} rows={2} />
            </label>
            <button type="submit" disabled={action.busy}>
              <Trans>Add note</Trans>
            </button>
          </form>
        )}
      </section>

      <section>
        <h2>
          <Trans>Recharges</Trans> <a href={consoleHref("/recharges")}>{t`Open the queue`}</a>
        </h2>
        <RequestTable rows={detail.recharges} />
        <h2>
          <Trans>Withdrawals</Trans> <a href={consoleHref("/withdrawals")}>{t`Open the queue`}</a>
        </h2>
        <RequestTable rows={detail.withdrawals} />
      </section>

      <section>
        <h2>
          <Trans>Sign-ins</Trans>
        </h2>
        <table>
          <tbody>
            {detail.signIns.map((row, index) => (
              <tr key={index}>
                <td>{when(row.time)}</td>
                <td>{row.kind === "register" ? t`registration` : t`login`}</td>
                <td>{row.ip}</td>
                <td>{row.deviceId ?? "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <LedgerAndOrders detail={detail} />
    </article>
  );
}

function RequestTable({ rows }: { rows: CustomerDetail["recharges"] }) {
  if (rows.length === 0)
    return (
      <p className="hint">
        <Trans>None yet</Trans>
      </p>
    );
  return (
    <table>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            <td>#{row.id}</td>
            <td>{when(row.time)}</td>
            <td className="amount">{money(row.amount)}</td>
            <td>{row.status}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function LedgerAndOrders({ detail }: { detail: CustomerDetail }) {
  return (
    <>
      <h2>
        <Trans>Ledger</Trans>
      </h2>
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
      <h2>
        <Trans>Cards</Trans>
      </h2>
      <ul>
        {detail.cards.map((card) => (
          <li key={card.id}>
            {card.type} · {card.bank} {card.branch} · <code>{card.number}</code> · {card.holder}
          </li>
        ))}
      </ul>
      <h2>
        <Trans>Orders</Trans>
      </h2>
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
    </>
  );
}
