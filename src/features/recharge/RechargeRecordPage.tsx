import { useLingui } from "@lingui/react/macro";
import type { RechargeRecord } from "../../../contract/wallet";
import { formatDateTime } from "../../i18n/format";
import { CARD_TYPE_NAMES } from "../../ui/card-types";
import { Empty } from "../../ui/Empty";
import { NavBar } from "../../ui/NavBar";
import { OfflineBanner } from "../../ui/OfflineBanner";
import { StatusChip } from "../../ui/StatusChip";

export function RechargeRecordPage({ records, offlineSince }: { records: RechargeRecord[]; offlineSince?: number }) {
  const { t, i18n } = useLingui();
  return (
    <main className="page">
      <NavBar title={t`Recharge records`} />
      {offlineSince !== undefined && <OfflineBanner since={offlineSince} />}
      {records.length === 0 ? (
        <Empty title={t`No recharges yet`} />
      ) : (
        <ul className="record-list" data-testid="recharge-records">
          {records.map((r) => (
            <li key={r.id} className="record">
              <span className="record-line">
                <strong>{r.amount} U</strong>
                <StatusChip status={r.status} />
              </span>
              <span className="record-sub">
                {i18n._(CARD_TYPE_NAMES[r.type])} · {r.channel} · {formatDateTime(r.time)}
                {r.reason ? ` · ${t`Reason: ${r.reason}`}` : ""}
              </span>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
