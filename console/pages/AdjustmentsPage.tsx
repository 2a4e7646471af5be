import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useContext, useState } from "react";

import type { AdjustmentForOps } from "#contract/adjustments";

import { api, call } from "../api";
import type { Column } from "../DataTable";
import type { FilterField } from "../FilterBar";
import { FormRow } from "../FormRow";
import { FormStatus } from "../FormStatus";
import { money, when } from "../i18n";
import { ADJUSTMENT_CHOICES } from "../list-choices";
import { ListView } from "../ListView";
import { OperatorContext } from "../operator-context";
import { useList } from "../use-list";
import { useOpsUpdates } from "../use-ops-updates";
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

/**
 * Manual adjustments: the proposal form, then every proposal on the console's shared list (filters, sorting,
 * pages, CSV of the filtered view). The list reads again when the stream tells of a proposal, an application or
 * a rejection by anyone, so two people at two desks see each other's steps without reloading.
 */
export function AdjustmentsPage() {
  const { t, i18n } = useLingui();
  const filters: FilterField[] = [
    {
      name: "status",
      label: t`Status`,
      kind: "select",
      options: ADJUSTMENT_CHOICES.map((choice) => ({ value: choice.value, label: i18n._(choice.label) })),
    },
    { name: "since", label: t`From`, kind: "date" },
    { name: "until", label: t`To`, kind: "date" },
    { name: "minAmount", label: t`Amount from (U)`, kind: "amount" },
    { name: "maxAmount", label: t`Amount to (U)`, kind: "amount" },
    { name: "proposer", label: t`Proposed by`, kind: "text", placeholder: t`Operator name` },
    { name: "decider", label: t`Decided by`, kind: "text", placeholder: t`Operator name` },
    { name: "q", label: t`Search`, kind: "text", placeholder: t`Account, phone, user:7 or an id` },
  ];
  const list = useList(
    api.listAdjustments,
    filters.map((filter) => filter.name),
  );
  useOpsUpdates(["adjustment"], list.reload);
  const columns: Column<AdjustmentForOps>[] = [
    { head: "#", cell: (row) => row.id },
    { head: t`Customer`, cell: (row) => row.account },
    {
      head: t`Amount`,
      className: "amount",
      cell: (row) => `${row.direction === "credit" ? "+" : "−"}${money(row.amount)}`,
      sort: "amount",
    },
    { head: t`Reason`, cell: (row) => (row.corrects ? `${row.reason} (${t`corrects ${row.corrects}`})` : row.reason) },
    { head: t`Proposed`, cell: (row) => `${row.proposedByName} · ${when(row.proposedAt)}`, sort: "time" },
    { head: t`Decision`, cell: (row) => <Decision row={row} onDone={list.reload} /> },
  ];
  // an empty list says which list is empty, so "nothing waiting" is not mistaken for a page still loading
  const emptyText: Record<string, string> = {
    pending: t`No adjustment is waiting for a second person.`,
    applied: t`No adjustment has been applied yet.`,
    rejected: t`No adjustment has been rejected.`,
    all: t`No adjustment has been proposed yet.`,
  };
  const status = list.params.status ?? "pending";
  const empty = list.data?.items.length === 0 && (
    <p className="empty" data-testid="adjustments-empty">
      {Object.keys(list.params).some((name) => name !== "status" && name !== "sort" && name !== "order")
        ? t`No adjustment matches these filters.`
        : (emptyText[status] ?? emptyText.all)}
    </p>
  );
  return (
    <section>
      <h1>
        <Trans>Adjustments</Trans>
      </h1>
      <ProposalForm onProposed={list.reload} />
      <section className="adjust-list" aria-labelledby="adjust-list-title">
        <h2 id="adjust-list-title">
          <Trans>Proposals</Trans>
        </h2>
        <ListView list={list} filters={filters} columns={columns} rowName="adjustment" exportPath={api.exportAdjustments} notice={empty} />
      </section>
    </section>
  );
}
