import { useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";

import { formatDateTime, useAmountFormat } from "@/i18n/format";
import { CARD_TYPE_NAMES } from "@/ui/card-types";
import { WalletIcon } from "@/ui/Icons";
import { RecordsPage } from "@/ui/RecordsPage";
import { ReviewRecordList } from "@/ui/ReviewRecordList";
import type { WithdrawalRecord } from "#contract/withdrawal";

export function WithdrawalRecordPage({ records, offlineSince }: { records: WithdrawalRecord[]; offlineSince?: number }) {
  const { t, i18n } = useLingui();
  const amountText = useAmountFormat();
  /** a refused withdrawal gives the whole amount back to cash and charges no fee */
  const outcome = (r: WithdrawalRecord) => {
    if (r.status === "failed") return t`Returned ${amountText(r.amount)}`;
    const fee = t`Fee ${amountText(r.fee)}`;
    return `${fee} · ${r.status === "review" ? t`To receive ${amountText(r.actual)}` : t`Received ${amountText(r.actual)}`}`;
  };
  return (
    <RecordsPage
      title={t`Withdrawal records`}
      offlineSince={offlineSince}
      empty={t`No withdrawals yet`}
      emptyAction={
        <Link to="/pages/user/cash" className="button button-primary">
          {t`Withdraw`}
        </Link>
      }
      emptyIcon={<WalletIcon size={32} />}
      count={records.length}
    >
      <ReviewRecordList
        records={records}
        testId="withdraw-records"
        details={(r) => (
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
        )}
      />
    </RecordsPage>
  );
}
