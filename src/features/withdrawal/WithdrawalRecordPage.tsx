import { useLingui } from "@lingui/react/macro";

import { formatDateTime, formatDateTimeInText, useAmountFormat } from "@/i18n/format";
import { CARD_TYPE_NAMES } from "@/ui/card-types";
import { ReviewRecordsPage } from "@/ui/ReviewRecordsPage";
import type { WithdrawalRecord } from "#contract/withdrawal";

export function WithdrawalRecordPage(props: { records: WithdrawalRecord[]; offlineSince?: number }) {
  const { t, i18n } = useLingui();
  const amountText = useAmountFormat();
  /** a refused withdrawal, or one whose payment failed, gives the whole amount back to cash and charges no fee */
  const outcome = (r: WithdrawalRecord) => {
    if (r.payout === "failed") return `${t`Failed: ${r.payoutFailure ?? ""}`} · ${t`Returned ${amountText(r.amount)}`}`;
    if (r.status === "failed") return t`Returned ${amountText(r.amount)}`;
    const fee = t`Fee ${amountText(r.fee)}`;
    if (r.status === "review") return `${fee} · ${t`To receive ${amountText(r.actual)}`}`;
    if (r.payout === "awaiting") return `${t`Approved, being paid out`} · ${fee} · ${t`To receive ${amountText(r.actual)}`}`;
    const paid = r.payoutAt !== null ? t`Paid ${formatDateTimeInText(r.payoutAt)}` : t`Paid`;
    return `${paid} · ${fee} · ${t`Received ${amountText(r.actual)}`}`;
  };
  // a failed payment is a failed withdrawal to the customer: the chip says so, the line below says why
  const shown = props.records.map((r) => (r.payout === "failed" ? { ...r, status: "failed" as const, reason: null } : r));
  const texts = { title: t`Withdrawal records`, empty: t`No withdrawals yet`, newRecord: t`Withdraw` };
  const details = (r: WithdrawalRecord) => (
    <>
      <span className="record-sub">
        {i18n._(CARD_TYPE_NAMES[r.type])} · {r.bankName}
        {r.cardTail && ` ···· ${r.cardTail}`} · {formatDateTime(r.time)}
      </span>
      <span className="record-sub" data-testid="withdraw-outcome">
        {outcome(r)}
        {r.reason ? ` · ${t`Reason: ${r.reason}`}` : ""}
      </span>
    </>
  );
  return (
    <ReviewRecordsPage
      {...props}
      records={shown}
      texts={texts}
      newRecordTo="/pages/user/cash"
      testId="withdraw-records"
      details={details}
    />
  );
}
