import { useLingui } from "@lingui/react/macro";
import { useEffect } from "react";

import { settledChange } from "@/api/order-figures";
import { useAmountFormat } from "@/i18n/format";
import { PracticeBadge } from "@/ui/AccountSwitch";
import { playResultCue } from "@/ui/result-cue";
import type { Order } from "#contract/trading";

import type { PointOf } from "./KlineChart";

/**
 * A settled order's result over the chart, next to where its expiry line was: won, lost or tie, the net change
 * of the balance, and the open and close prices. Tapping it puts it away.
 */
export function ResultBubble({ order, pointOf, onClose }: { order: Order; pointOf: PointOf; onClose: () => void }) {
  const { t } = useLingui();
  // once per order, as the result appears
  useEffect(() => playResultCue(order.result ?? "tie"), [order.id]); // eslint-disable-line react-hooks/exhaustive-deps -- the order's id says it is a new result
  const money = useAmountFormat();
  const result = order.result ?? "tie";
  const label = { win: t`Win`, loss: t`Loss`, tie: t`Tie` }[result];
  const change = settledChange(order) ?? 0;
  const sign = change > 0 ? "+" : change < 0 ? "−" : "";
  const fee = money(order.fee);
  const point = pointOf(order.closeTime, Number(order.closePrice ?? order.openPrice));
  // kept inside the chart box: the bubble is ~200 px wide, anchored left of the expiry and centred on the price
  const style = point
    ? { left: `clamp(8px, ${point[0] - 200}px, calc(100% - 216px))`, top: `clamp(28px, ${point[1] - 40}px, calc(100% - 120px))` }
    : undefined;
  return (
    <button
      type="button"
      className={`tr-result tr-result-${result}`}
      style={style}
      data-testid="order-result"
      data-result={result}
      data-order={order.id}
      aria-live="polite"
      onClick={onClose}
    >
      <strong>
        {label} <span data-testid="result-change">{`${sign}${money(Math.abs(change) / 100)}`}</span>{" "}
        {order.account === "practice" && <PracticeBadge testId="result-practice" />}
      </strong>
      <span>{t`Open ${order.openPrice} → close ${order.closePrice ?? "—"}`}</span>
      {result === "tie" && <span>{t`A tie: the amount came back to your balance and the fee ${fee} was kept.`}</span>}
    </button>
  );
}
