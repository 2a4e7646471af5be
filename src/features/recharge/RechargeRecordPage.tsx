import { useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";

import { formatDateTime, useAmountFormat } from "@/i18n/format";
import { CARD_TYPE_NAMES } from "@/ui/card-types";
import { RecordsPage } from "@/ui/RecordsPage";
import { StatusChip } from "@/ui/StatusChip";
import type { RechargeRecord } from "#contract/recharge";

export function RechargeRecordPage({ records, offlineSince }: { records: RechargeRecord[]; offlineSince?: number }) {
  const { t, i18n } = useLingui();
  const amountText = useAmountFormat();
  return (
    <RecordsPage
      title={t`Recharge records`}
      offlineSince={offlineSince}
      empty={t`No recharges yet`}
      emptyAction={
        <Link to="/pages/user/recharge" className="button button-primary">
          {t`Recharge`}
        </Link>
      }
      count={records.length}
    >
      <ul className="record-list" data-testid="recharge-records">
        {records.map((r) => (
          <li key={r.id} className="record">
            <span className="record-line">
              <strong>{amountText(r.amount)} U</strong>
              <StatusChip status={r.status} />
            </span>
            <span className="record-sub">
              {i18n._(CARD_TYPE_NAMES[r.type])} · {r.channel} · {formatDateTime(r.time)}
              {r.reason ? ` · ${t`Reason: ${r.reason}`}` : ""}
            </span>
          </li>
        ))}
      </ul>
    </RecordsPage>
  );
}
