import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useContext, useState } from "react";

import type { AdjustmentForOps } from "#contract/adjustments";

import { api, call } from "../api";
import { type Column, DataTable } from "../DataTable";
import { FormRow } from "../FormRow";
import { FormStatus } from "../FormStatus";
import { money, when } from "../i18n";
import { OperatorContext } from "../operator-context";
import { useLoad } from "../use-load";
import { useSubmit } from "../use-submit";

/** A customer's cash credited or debited by hand: one person proposes with a reason, a different one applies. */
function ProposalForm(props: { onProposed: () => void }) {
  const { t } = useLingui();
  const { busy, error, notice, submit } = useSubmit();
  const [corrects, setCorrects] = useState<"none" | "recharge" | "ledger">("none");
  const propose = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = Object.fromEntries(new FormData(form)) as Record<string, string>;
    const { correctsId = "", ...rest } = fields;
    const done = await submit(
      () =>
        call(api.proposeAdjustment, { ...rest, ...(corrects !== "none" && correctsId.trim() ? { [corrects]: correctsId.trim() } : {}) }),
      t`Proposed: another person applies or rejects it`,
    );
    if (done) {
      form.reset();
      setCorrects("none");
      props.onProposed();
    }
  };
  return (
    <form aria-label={t`Propose an adjustment`} onSubmit={(event) => void propose(event)} className="panel adjust-form">
      <h2>
        <Trans>Propose an adjustment</Trans>
      </h2>
      <FormRow label={t`Customer account`} name="account" autoComplete="off" required />
      <label>
        <Trans>Direction</Trans>
        <select name="direction" defaultValue="credit">
          <option value="credit">{t`Credit (add to cash)`}</option>
          <option value="debit">{t`Debit (take from cash)`}</option>
        </select>
      </label>
      <FormRow label={t`Amount (U)`} name="amount" inputMode="decimal" autoComplete="off" required />
      <FormRow label={t`Reason`} name="reason" maxLength={200} required hint={t`Shown to the customer in their funds records`} />
      <label>
        <Trans>Corrects</Trans>
        <select value={corrects} onChange={(event) => setCorrects(event.target.value as typeof corrects)}>
          <option value="none">{t`Nothing (not a correction)`}</option>
          <option value="recharge">{t`A recharge`}</option>
          <option value="ledger">{t`A ledger row`}</option>
        </select>
      </label>
      {corrects !== "none" && (
        <FormRow
          label={corrects === "recharge" ? t`Recharge id` : t`Ledger row id`}
          name="correctsId"
          inputMode="numeric"
          required
          hint={t`A wrong credit is corrected by a debit; all corrections of one record stay within its amount`}
        />
      )}
      <FormStatus error={error} notice={notice} />
      <button type="submit" className="primary" disabled={busy}>
        <Trans>Propose</Trans>
      </button>
    </form>
  );
}

/** Apply or reject, offered to anyone but the proposer (the server refuses them too). */
function Decision(props: { row: AdjustmentForOps; onDone: () => void }) {
  const { t } = useLingui();
  const operator = useContext(OperatorContext);
  const [note, setNote] = useState("");
  const { busy, error, notice, submit } = useSubmit();
  if (props.row.status !== "pending")
    return (
      <span>
        {props.row.status === "applied" ? t`Applied` : t`Rejected`} · {props.row.decidedByName}{" "}
        {props.row.decidedAt !== null && when(props.row.decidedAt)}
        {props.row.decisionNote ? ` — ${props.row.decisionNote}` : ""}
      </span>
    );
  if (operator?.id === props.row.proposedBy) return <span className="hint">{t`Your proposal: another person applies or rejects it`}</span>;
  const decide = async (decision: "apply" | "reject") => {
    if (
      await submit(
        () => call(api.decideAdjustment, { id: String(props.row.id), decision, note }),
        decision === "apply" ? t`Applied` : t`Rejected`,
      )
    )
      props.onDone();
  };
  return (
    <div className="review-actions">
      <button type="button" className="approve" disabled={busy} onClick={() => void decide("apply")}>
        <Trans>Apply</Trans>
      </button>
      <input
        aria-label={t`Note for adjustment ${props.row.id}`}
        placeholder={t`Note (optional)`}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        maxLength={200}
      />
      <button type="button" className="reject" disabled={busy} onClick={() => void decide("reject")}>
        <Trans>Reject</Trans>
      </button>
      <FormStatus error={error} notice={notice} />
    </div>
  );
}

export function AdjustmentsPage() {
  const { t } = useLingui();
  const [status, setStatus] = useState("pending");
  const { data, error, reload } = useLoad(() => call(api.listAdjustments, { status }), [status]);
  const columns: Column<AdjustmentForOps>[] = [
    { head: "#", cell: (row) => row.id },
    { head: t`Customer`, cell: (row) => row.account },
    {
      head: t`Amount`,
      className: "amount",
      cell: (row) => `${row.direction === "credit" ? "+" : "−"}${money(row.amount)}`,
    },
    { head: t`Reason`, cell: (row) => (row.corrects ? `${row.reason} (${t`corrects ${row.corrects}`})` : row.reason) },
    { head: t`Proposed`, cell: (row) => `${row.proposedByName} · ${when(row.proposedAt)}` },
    { head: t`Decision`, cell: (row) => <Decision row={row} onDone={reload} /> },
  ];
  // an empty list says which list is empty, so "nothing waiting" is not mistaken for a page still loading
  const emptyText: Record<string, string> = {
    pending: t`No adjustment is waiting for a second person.`,
    applied: t`No adjustment has been applied yet.`,
    rejected: t`No adjustment has been rejected.`,
    all: t`No adjustment has been proposed yet.`,
  };
  return (
    <section>
      <h1>
        <Trans>Adjustments</Trans>
      </h1>
      <ProposalForm onProposed={reload} />
      <section className="adjust-list" aria-labelledby="adjust-list-title">
        <div className="section-head">
          <h2 id="adjust-list-title">
            <Trans>Proposals</Trans>
          </h2>
          <label className="filter">
            <Trans>Show</Trans>
            <select value={status} onChange={(event) => setStatus(event.target.value)} aria-label={t`Status`}>
              <option value="pending">{t`Waiting for a second person`}</option>
              <option value="applied">{t`Applied`}</option>
              <option value="rejected">{t`Rejected`}</option>
              <option value="all">{t`All`}</option>
            </select>
          </label>
        </div>
        {error && <p className="error">{error}</p>}
        {data?.length === 0 ? (
          <p className="empty" data-testid="adjustments-empty">
            {emptyText[status] ?? emptyText.all}
          </p>
        ) : (
          <DataTable columns={columns} rows={data} rowKey={(row) => row.id} testId={(row) => `adjustment-${row.id}`} />
        )}
      </section>
    </section>
  );
}
