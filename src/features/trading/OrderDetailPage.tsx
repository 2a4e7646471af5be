import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";

import { settledChange } from "@/api/order-figures";
import { formatDateTime, useAmountFormat, usePercentFormat } from "@/i18n/format";
import { PracticeBadge } from "@/ui/AccountSwitch";
import { SignedMoney } from "@/ui/MarketText";
import { NavBar } from "@/ui/NavBar";
import { OfflineBanner } from "@/ui/OfflineBanner";
import { useDurationFormat } from "@/ui/time-format";
import { useServerNow } from "@/ui/use-now";
import type { Order } from "#contract/trading";

import { secondsToResult } from "./pending-result";
import { PendingResultText } from "./PendingResult";
import { useVoidText } from "./void-text";

/** One order, every recorded figure: the open and close ticks are the feed's, shown as they were stored. */
export function OrderDetailPage({ order, offlineSince }: { order: Order; offlineSince?: number }) {
  const { t } = useLingui();
  const percent = usePercentFormat();
  const duration = useDurationFormat();
  const amountText = useAmountFormat();
  const voided = useVoidText(order);
  const profit = settledChange(order);
  const now = useServerNow(1000);
  const waiting = secondsToResult(order, now);
  const result = voided ? (
    voided.label
  ) : order.result ? (
    { win: t`Win`, loss: t`Loss`, tie: t`Tie` }[order.result]
  ) : waiting !== null ? (
    <PendingResultText seconds={waiting} />
  ) : (
    t`Holding`
  );
  const rows: Array<[string, React.ReactNode]> = [
    [t`Symbol`, `${order.name} (${order.code})`],
    [t`Account`, order.account === "practice" ? <PracticeBadge testId="order-practice" /> : t`Real`],
    [t`Direction`, order.direction === "up" ? `▲ ${t`Buy up`}` : `▼ ${t`Buy down`}`],
    [t`Amount`, `${amountText(order.amount)} U`],
    [t`Settlement time`, duration(order.seconds)],
    [t`Payout rate`, percent(order.payoutRate, { decimals: 0 })],
    [t`Open price`, order.openPrice],
    [t`Close price`, order.closePrice ?? "—"],
    [t`Open time`, formatDateTime(order.openTime)],
    [t`Close time`, formatDateTime(order.closeTime)],
    [t`Result`, result],
    // the fee on a line of its own, and Profit/loss after it with the fee included: the figure history, the statement
    // and the result card show for the same order
    [t`Fee`, `${amountText(order.fee)} U`],
    [t`Profit/loss`, profit === null ? "—" : <SignedMoney cents={profit} />],
  ];
  const fee = amountText(order.fee);
  return (
    <main className="page">
      <NavBar title={t`Order details`} />
      {offlineSince !== undefined && <OfflineBanner since={offlineSince} />}
      <dl className="detail-list" data-testid="order-detail">
        {rows.map(([label, value]) => (
          <div key={label} className="detail-row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {voided && (
        <p className="ticket-rule" data-testid="order-void-reason">
          {voided.reason}
        </p>
      )}
      {order.status === "holding" && order.resultAt !== null && order.resultAt > order.closeTime && (
        <p className="ticket-rule" data-testid="order-reveal-wait">
          <Trans>
            The result follows the reveal of the seed of its last price minute, so that anyone can check that price:{" "}
            <Link to="/pages/public/fairness" search={{ pid: order.pid }}>
              how prices are checked
            </Link>
          </Trans>
        </p>
      )}
      {order.result === "tie" && (
        <p className="ticket-rule">{t`A tie: the amount came back to your balance and the fee ${fee} was kept.`}</p>
      )}
      {/* the order's prices checked in the browser from the published record, once it has both */}
      <div className="quick-links">
        {order.status !== "holding" && (
          <Link to="/pages/user/orderverify" search={{ id: order.id }} className="button button-primary" data-testid="order-verify">
            {t`Verify`}
          </Link>
        )}
        <Link to="/pages/public/fairness" search={{ pid: order.pid }} className="button">
          {t`Fairness`}
        </Link>
      </div>
    </main>
  );
}
