import { useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";

import { formatDateTime } from "@/i18n/format";
import { CARD_TYPE_NAMES } from "@/ui/card-types";
import { RecordsPage } from "@/ui/RecordsPage";
import { StatusChip } from "@/ui/StatusChip";
import type { WithdrawRecord } from "#contract/wallet";

export function CashRecordPage({ records, offlineSince }: { records: WithdrawRecord[]; offlineSince?: number }) {
  const { t, i18n } = useLingui();
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
      count={records.length}
    >
      <ul className="record-list" data-testid="withdraw-records">
        {records.map((r) => (
          <li key={r.id} className="record">
            <span className="record-line">
              <strong>{r.amount} U</strong>
              <StatusChip status={r.status} />
            </span>
            <span className="record-sub">
              {i18n._(CARD_TYPE_NAMES[r.type])} · {r.bankName} · {formatDateTime(r.time)}
            </span>
            <span className="record-sub">
              {t`Fee ${r.fee}`} · {t`Received ${r.actual}`}
              {r.reason ? ` · ${t`Reason: ${r.reason}`}` : ""}
            </span>
          </li>
        ))}
      </ul>
    </RecordsPage>
  );
}
