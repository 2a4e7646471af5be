import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, type Key, type ReactNode, useState } from "react";

import { CUSTOMER_NOTE_MAX, type CustomerPasswordReset, RISK_LABELS, type RiskLabel } from "#contract/customers";
import type { CustomerDetail } from "#contract/ops-answers";

import { api, call } from "../api";
import { consoleHref } from "../customer-href";
import { CustomerLimits } from "../CustomerLimits";
import { type Column, DataTable } from "../DataTable";
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
      <p className="back-link">
        <a href={consoleHref("/users")}>
          <Trans>Back to users</Trans>
        </a>
      </p>
      {/* who the customer is, the account's state and what may be done to it, in one panel at the top */}
      <header className="panel customer-head">
        <div className="customer-title">
          <h1>
            {account} (#{user.id})
          </h1>
          <p className="flags" data-testid="customer-flags">
            {flags.frozen && flags.frozenAt !== null && <span className="flag flag-frozen">{t`Frozen since ${when(flags.frozenAt)}`}</span>}
            {flags.locked && <span className="flag flag-locked">{t`Login locked`}</span>}
            {flags.mustChangePassword && <span className="flag">{t`Must choose a new password`}</span>}
            <span className={user.verified ? "flag flag-ok" : "flag"}>{user.verified ? t`Verified` : t`Not verified`}</span>
            {detail.labels.map((label) => (
              <span key={label.label} className="flag flag-label">
                {i18n._(riskLabelNames[label.label])}
              </span>
            ))}
          </p>
        </div>
        <div className="customer-actions" role="group" aria-label={t`Actions`}>
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
        </div>
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
        <div className="customer-status">
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
        </div>
      </header>

      <FraudSignals signals={detail.signals} />
      <CustomerLimits userId={user.id} />

      <div className="customer-columns">
        <section className="panel">
          <h2>
            <Trans>Details</Trans>
          </h2>
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
            <dd className="amount">{money(balances.cash)}</dd>
            <dt>
              <Trans>Coin</Trans>
            </dt>
            <dd className="amount">{money(balances.coin)}</dd>
            <dt>
              <Trans>Frozen</Trans>
            </dt>
            <dd className="amount">{money(balances.frozen)}</dd>
            <dt>
              <Trans>Yuebao</Trans>
            </dt>
            <dd className="amount">{money(balances.yuebao)}</dd>
            <dt>
              <Trans>Orders</Trans>
            </dt>
            <dd data-testid="customer-trading">
              {t`${trading.orders} orders, ${money(trading.staked)} staked, ${money(trading.paidOut)} paid out, profit ${money(trading.profit)}`}
            </dd>
          </dl>
        </section>

        <section className="panel">
          <h2>
            <Trans>Notes</Trans>
          </h2>
          {detail.notes.length === 0 ? (
            <p className="empty">
              <Trans>No note has been written about this customer.</Trans>
            </p>
          ) : (
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
          )}
          {may(api.addCustomerNote) && (
            <form className="note-form" onSubmit={addNote}>
              <label>
                <Trans>New note</Trans>
                <textarea name="text" required maxLength={CUSTOMER_NOTE_MAX} rows={3} />
                <small className="hint">{t`Seen by operators only, at most ${CUSTOMER_NOTE_MAX} characters.`}</small>
              </label>
              <button type="submit" disabled={action.busy}>
                <Trans>Add note</Trans>
              </button>
            </form>
          )}
        </section>
      </div>

      <div className="customer-columns">
        <section>
          <SectionHead title={t`Recharges`} href={consoleHref("/recharges")} link={t`Open the recharge queue`} />
          <RequestTable rows={detail.recharges} empty={t`No recharge yet.`} />
        </section>
        <section>
          <SectionHead title={t`Withdrawals`} href={consoleHref("/withdrawals")} link={t`Open the withdrawal queue`} />
          <RequestTable rows={detail.withdrawals} empty={t`No withdrawal yet.`} />
        </section>
      </div>

      <section>
        <SectionHead title={t`Sign-ins`} />
        <Listing
          columns={[
            { head: t`Time`, cell: (row) => when(row.time) },
            { head: t`Kind`, cell: (row) => (row.kind === "register" ? t`registration` : t`login`) },
            { head: t`Address`, cell: (row) => row.ip },
            { head: t`Device`, cell: (row) => row.deviceId ?? "—" },
          ]}
          rows={detail.signIns}
          rowKey={(row) => `${row.time}-${row.kind}-${row.ip}`}
          empty={t`No sign-in has been recorded for this account.`}
        />
      </section>

      <LedgerAndOrders detail={detail} />
    </article>
  );
}

/** A section's heading, with the page that handles its rows as a small link beside it. */
function SectionHead(props: { title: string; href?: string; link?: string }) {
  return (
    <div className="section-head">
      <h2>{props.title}</h2>
      {props.href && (
        <a className="section-link" href={props.href}>
          {props.link}
        </a>
      )}
    </div>
  );
}

/** A list as the console's table, or a sentence saying it is empty (a bare heading reads as still loading). */
function Listing<Row>(props: { columns: Column<Row>[]; rows: readonly Row[]; rowKey: (row: Row) => Key; empty: ReactNode }) {
  if (props.rows.length === 0) return <p className="empty">{props.empty}</p>;
  return <DataTable columns={props.columns} rows={props.rows} rowKey={props.rowKey} />;
}

function RequestTable({ rows, empty }: { rows: CustomerDetail["recharges"]; empty: string }) {
  const { t } = useLingui();
  return (
    <Listing
      columns={[
        { head: "#", cell: (row) => `#${row.id}` },
        { head: t`Time`, cell: (row) => when(row.time) },
        { head: t`Amount`, className: "amount", cell: (row) => money(row.amount) },
        { head: t`Status`, cell: (row) => row.status },
      ]}
      rows={rows}
      rowKey={(row) => row.id}
      empty={empty}
    />
  );
}

function LedgerAndOrders({ detail }: { detail: CustomerDetail }) {
  const { t } = useLingui();
  return (
    <>
      <section>
        <SectionHead title={t`Ledger`} />
        <Listing
          columns={[
            { head: t`Time`, cell: (row) => when(row.time) },
            { head: t`Balance`, cell: (row) => row.account },
            { head: t`Change`, className: "amount", cell: (row) => row.delta },
            { head: t`After`, className: "amount", cell: (row) => row.balance },
            { head: t`Reason`, cell: (row) => row.reason },
            { head: t`Reference`, cell: (row) => row.reference ?? "—" },
          ]}
          rows={detail.ledger}
          rowKey={(row) => row.id}
          empty={t`No money has moved on this account.`}
        />
      </section>
      <section>
        <SectionHead title={t`Cards`} />
        <Listing
          columns={[
            { head: t`Type`, cell: (card) => card.type },
            { head: t`Bank`, cell: (card) => `${card.bank} ${card.branch}`.trim() },
            { head: t`Number`, cell: (card) => <code>{card.number}</code> },
            { head: t`Holder`, cell: (card) => card.holder },
          ]}
          rows={detail.cards}
          rowKey={(card) => card.id}
          empty={t`The customer has added no card or payout account.`}
        />
      </section>
      <section>
        <SectionHead title={t`Orders`} />
        <Listing
          columns={[
            { head: "#", cell: (order) => order.id },
            { head: t`Opened`, cell: (order) => when(order.openTime) },
            { head: t`Direction`, cell: (order) => order.direction },
            { head: t`Amount`, className: "amount", cell: (order) => order.amount },
            { head: t`Status`, cell: (order) => `${order.status} ${order.result ?? ""}`.trim() },
          ]}
          rows={detail.orders}
          rowKey={(order) => order.id}
          empty={t`The customer has placed no order.`}
        />
      </section>
    </>
  );
}
