import { useLingui } from "@lingui/react/macro";
import type { WithdrawRecord } from "../../../contract/wallet";
import { formatDateTime } from "../../i18n/format";
import { CARD_TYPE_NAMES } from "../../ui/card-types";
import { Empty } from "../../ui/Empty";
import { NavBar } from "../../ui/NavBar";
import { OfflineBanner } from "../../ui/OfflineBanner";
import { StatusChip } from "../../ui/StatusChip";

export function CashRecordPage({ records, offlineSince }: { records: WithdrawRecord[]; offlineSince?: number }) {
  const { t, i18n } = useLingui();
  return (
    <main className="page">
      <NavBar title={t`Withdrawal records`} />
      {offlineSince !== undefined && <OfflineBanner since={offlineSince} />}
      {records.length === 0 ? (
        <Empty title={t`No withdrawals yet`} />
      ) : (
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
      )}
    </main>
  );
}
