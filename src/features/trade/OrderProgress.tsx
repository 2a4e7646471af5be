import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";

import { liveChange, settledChange } from "@/api/order-figures";
import { fetchOrder } from "@/api/trading";
import { SignedMoney } from "@/ui/MarketText";
import { useServerNow } from "@/ui/use-now";
import type { LatestQuote, Order } from "#contract/markets";

/** A placed order: countdown with live profit or loss, then the settled result from the server. */
export function OrderProgress({
  order: placed,
  quote,
  onSettled,
}: {
  order: Order;
  quote: LatestQuote | undefined;
  /** told once when the server has settled the order (the balance has changed) */
  onSettled?: () => void;
}) {
  const { t } = useLingui();
  const [order, setOrder] = useState(placed);
  const now = useServerNow(250);
  const left = Math.max(0, Math.ceil(order.closeTime - now));
  const settled = useRef(onSettled);
  settled.current = onSettled;

  useEffect(() => setOrder(placed), [placed]);
  // once the time is up, ask for the settled order until the server has settled it
  useEffect(() => {
    if (order.status === "closed" || left > 0) return;
    const timer = setInterval(async () => {
      const answer = await fetchOrder(order.id);
      if (answer.code === 1 && answer.data.status === "closed") {
        setOrder(answer.data);
        settled.current?.();
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [order.id, order.status, left]);

  if (order.status === "closed" && order.result) {
    const label = { win: t`Win`, loss: t`Loss`, tie: t`Tie` }[order.result];
    const fee = order.fee;
    return (
      <section className={`progress-card result-${order.result}`} data-testid="order-result" aria-live="polite">
        <h3>
          {label} <SignedMoney cents={settledChange(order) ?? 0} />
        </h3>
        <p>
          <Trans>
            Open {order.openPrice} → close {order.closePrice}
          </Trans>
        </p>
        {order.result === "tie" && (
          <p className="ticket-rule">{t`A tie: the amount came back to your balance and the fee ${fee} was kept.`}</p>
        )}
      </section>
    );
  }
  const change = liveChange(order, quote?.price, now);
  return (
    <section className="progress-card" data-testid="order-progress" aria-live="off">
      <h3>
        {order.direction === "up" ? `▲ ${t`Buy up`}` : `▼ ${t`Buy down`}`} · {order.amount}
      </h3>
      <p>
        <span data-testid="countdown">{left > 0 ? t`${left}s left` : t`Settling…`}</span> · {t`Open ${order.openPrice}`}
        {change !== null && (
          <>
            {" · "}
            <SignedMoney cents={change} />
          </>
        )}
      </p>
    </section>
  );
}
