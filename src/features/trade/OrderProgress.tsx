import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";

import { fetchOrder } from "@/api/trading";
import { SignedMoney } from "@/ui/MarketText";
import { useServerNow } from "@/ui/use-now";
import type { LatestQuote, Order } from "#contract/markets";
import { parseAmount, parsePrice, rateToBps } from "#contract/money";
import { orderProfit, orderResult } from "#contract/trading-math";

/** Profit if the order settled at this price: what the user would get back minus the stake. */
export function liveProfit(order: Order, price: string): number {
  const result = orderResult(order.direction, parsePrice(order.openPrice, order.precision), parsePrice(price, order.precision));
  return orderProfit(result, parseAmount(order.amount) ?? 0, rateToBps(order.payoutRate) ?? 0);
}

/** A placed order: countdown with live profit or loss, then the settled result from the server. */
export function OrderProgress({ order: placed, quote }: { order: Order; quote: LatestQuote | undefined }) {
  const { t } = useLingui();
  const [order, setOrder] = useState(placed);
  const now = useServerNow(250);
  const left = Math.max(0, Math.ceil(order.closeTime - now));

  useEffect(() => setOrder(placed), [placed]);
  // once the time is up, ask for the settled order until the server has settled it
  useEffect(() => {
    if (order.status === "closed" || left > 0) return;
    const timer = setInterval(async () => {
      const answer = await fetchOrder(order.id);
      if (answer.code === 1 && answer.data.status === "closed") setOrder(answer.data);
    }, 1000);
    return () => clearInterval(timer);
  }, [order.id, order.status, left]);

  if (order.status === "closed" && order.result) {
    const label = { win: t`Win`, loss: t`Loss`, tie: t`Tie` }[order.result];
    return (
      <section className={`progress-card result-${order.result}`} data-testid="order-result" aria-live="polite">
        <h3>
          {label} <SignedMoney cents={Math.round(Number(order.profit) * 100)} />
        </h3>
        <p>
          <Trans>
            Open {order.openPrice} → close {order.closePrice}
          </Trans>
        </p>
      </section>
    );
  }
  const profit = quote ? liveProfit(order, quote.price) : 0;
  return (
    <section className="progress-card" data-testid="order-progress" aria-live="off">
      <h3>
        {order.direction === "up" ? `▲ ${t`Buy up`}` : `▼ ${t`Buy down`}`} · {order.amount}
      </h3>
      <p>
        <span data-testid="countdown">{left > 0 ? t`${left}s left` : t`Settling…`}</span> · {t`Open ${order.openPrice}`} ·{" "}
        <SignedMoney cents={profit} />
      </p>
    </section>
  );
}
