import { useLingui } from "@lingui/react/macro";

import { formatDateTime } from "@/i18n/format";
import { CARD_TYPE_NAMES } from "@/ui/card-types";
import { ReviewRecordsPage } from "@/ui/ReviewRecordsPage";
import type { RechargeRecord } from "#contract/recharge";

export function RechargeRecordPage(props: { records: RechargeRecord[]; offlineSince?: number }) {
  const { t, i18n } = useLingui();
  const texts = { title: t`Recharge records`, empty: t`No recharges yet`, newRecord: t`Recharge` };
  const details = (r: RechargeRecord) => (
    <span className="record-sub">
      {i18n._(CARD_TYPE_NAMES[r.type])} · {r.channel} · {formatDateTime(r.time)}
      {r.reason ? ` · ${t`Reason: ${r.reason}`}` : ""}
    </span>
  );
  return <ReviewRecordsPage {...props} texts={texts} newRecordTo="/pages/user/recharge" testId="recharge-records" details={details} />;
}
