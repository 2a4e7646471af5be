import { useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";

import { formatDateTime } from "@/i18n/format";
import { CARD_TYPE_NAMES } from "@/ui/card-types";
import { WalletIcon } from "@/ui/Icons";
import { RecordsPage } from "@/ui/RecordsPage";
import { ReviewRecordList } from "@/ui/ReviewRecordList";
import type { RechargeRecord } from "#contract/recharge";

export function RechargeRecordPage({ records, offlineSince }: { records: RechargeRecord[]; offlineSince?: number }) {
  const { t, i18n } = useLingui();
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
      emptyIcon={<WalletIcon size={32} />}
      count={records.length}
    >
      <ReviewRecordList
        records={records}
        testId="recharge-records"
        details={(r) => (
          <span className="record-sub">
            {i18n._(CARD_TYPE_NAMES[r.type])} · {r.channel} · {formatDateTime(r.time)}
            {r.reason ? ` · ${t`Reason: ${r.reason}`}` : ""}
          </span>
        )}
      />
    </RecordsPage>
  );
}
