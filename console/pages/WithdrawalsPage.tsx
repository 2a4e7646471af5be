import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";

import type { WithdrawalForReview as Withdrawal } from "#contract/ops-money-answers";

import { api, call } from "../api";
import { CustomerCell } from "../CustomerCell";
import { money, when } from "../i18n";
import { WITHDRAWAL_QUEUE_CHOICES } from "../list-choices";
import { useMay } from "../operator-context";
import { PayoutActions } from "../PayoutActions";
import { Outcome, type QueueColumn, QueuePage } from "../QueuePage";
import { ReviewActions } from "../ReviewActions";
import { useTwoPerson } from "../use-two-person";

function CopyField(props: { label: string; value: string }) {
  const { t } = useLingui();
  const [copied, setCopied] = useState(false);
  return (
    <div className="copy-field">
      <span className="label">{props.label}</span> <code>{props.value || "—"}</code>{" "}
      {props.value && (
        <button
          type="button"
          aria-label={t`Copy ${props.label}`}
          onClick={() => void navigator.clipboard.writeText(props.value).then(() => setCopied(true))}
        >
          {copied ? t`Copied` : t`Copy`}
        </button>
      )}
    </div>
  );
}

export function WithdrawalsPage() {
  const { t, i18n } = useLingui();
  const { mayReview, gaveFirstApproval } = useTwoPerson(api.reviewWithdrawal);
  const mayMark = useMay()(api.markWithdrawalPaid);
  const columns: QueueColumn<Withdrawal>[] = [
    { header: <Trans>Account</Trans>, cell: (row) => <CustomerCell row={row} /> },
    {
      header: <Trans>Pay out to</Trans>,
      cell: (row) =>
        row.payout ? (
          <>
            <CopyField label={t`Bank`} value={row.payout.bank} />
            <CopyField label={t`Branch`} value={row.payout.branch} />
            <CopyField label={t`Card number`} value={row.payout.number} />
            <CopyField label={t`Holder`} value={row.payout.holder} />
            <span className="channel">{row.payout.channel}</span>
          </>
        ) : (
          // only a withdrawal whose card was removed before destinations were kept on the withdrawal
          t`Destination not recorded`
        ),
    },
    {
      header: <Trans>Amount · fee · net</Trans>,
      className: "amount",
      sort: "amount",
      cell: (row) => (
        <>
          {money(row.amount)} · {money(row.fee)} · <strong>{money(row.actual)}</strong>
          {row.needsTwoApprovals && (
            <p className="two-person">
              {row.firstApprovedBy
                ? t`First approval by ${row.firstApprovedByName ?? row.firstApprovedBy}; a different person pays out`
                : t`Needs two approvals`}
            </p>
          )}
        </>
      ),
    },
    { header: <Trans>Submitted</Trans>, cell: (row) => when(row.time), sort: "time" },
    {
      header: <Trans>Decision</Trans>,
      cell: (row, done) =>
        row.status === "review" ? (
          mayReview && (
            <ReviewActions
              approveLabel={row.firstApprovedBy ? t`Second approval` : t`Approve`}
              mayApprove={!gaveFirstApproval(row)}
              approveNote={t`You gave the first approval: another person gives the second`}
              onDecide={(decision, reason) => call(api.reviewWithdrawal, { id: String(row.id), decision, reason })}
              onDone={done}
            />
          )
        ) : (
          <Outcome status={row.status} reason={row.reason} />
        ),
    },
    {
      header: <Trans>Payout</Trans>,
      cell: (row, done) => {
        if (row.payoutState === "awaiting")
          return mayMark ? <PayoutActions id={row.id} onDone={done} /> : <Trans>Approved, awaiting payout</Trans>;
        if (row.payoutState === "paid")
          return (
            <span>
              {t`Paid`} {row.payoutMarkedAt !== null && when(row.payoutMarkedAt)} ·{" "}
              {row.payoutReference ?? t`before payout steps (no reference)`}
              {row.payoutMarkedByName && row.payoutReference !== null ? ` · ${row.payoutMarkedByName}` : ""}
            </span>
          );
        if (row.payoutState === "failed")
          return (
            <span>
              {t`Failed: ${row.payoutFailure ?? ""}`} {row.payoutMarkedAt !== null && when(row.payoutMarkedAt)}
            </span>
          );
        return null;
      },
    },
  ];
  return (
    <QueuePage
      title={<Trans>Withdrawals</Trans>}
      updates="withdrawal"
      endpoint={api.listWithdrawals}
      exportEndpoint={api.exportWithdrawals}
      statuses={WITHDRAWAL_QUEUE_CHOICES.map((choice) => ({ value: choice.value, label: i18n._(choice.label) }))}
      amounts
      columns={columns}
      rowTestId="withdrawal"
    />
  );
}
