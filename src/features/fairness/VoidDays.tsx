import { useLingui } from "@lingui/react/macro";

import type { FairVoidDay } from "#contract/fair";
import type { VoidReason } from "#contract/trading";

import { useFairTime } from "./fair-time";

/** Void orders per day and reason, latest day first: the count the platform makes public. */
export function VoidDays({ days }: { days: readonly FairVoidDay[] }) {
  const { t } = useLingui();
  const time = useFairTime();
  const reasons: Record<VoidReason, string> = {
    uncommitted: t`Price not committed in time`,
    feed_silent: t`No live price at expiry`,
    source_switch: t`Price source changed`,
  };
  if (days.length === 0) return <p className="ticket-rule">{t`No order was void in these days.`}</p>;
  const latest = [...days].sort((a, b) => b.day - a.day || a.reason.localeCompare(b.reason));
  return (
    <dl className="detail-list" data-testid="fair-voids">
      {latest.map((row) => (
        <div key={`${row.day}-${row.reason}`} className="detail-row">
          <dt>
            {time.utcDay(row.day)} · {reasons[row.reason] ?? row.reason}
          </dt>
          <dd>{row.count}</dd>
        </div>
      ))}
    </dl>
  );
}
