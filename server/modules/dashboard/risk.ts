import { eq, sql } from "drizzle-orm";

import { centsToDecimal } from "#contract/format";
import { settlementCredit } from "#contract/trading-math";

import { orders } from "../../db/schema";
import type { PriceFeed } from "../../market/feed";
import type { ServiceContext } from "../context";

/**
 * What the platform stands to pay on the orders still open, per product: the stakes up and down, the cash
 * credited if the price ends up or down (stake plus profit of every winning order; a tie returns stakes and is
 * never worse), and the worse of the two. Rounded per order as settlement rounds.
 */
export async function openExposure(ctx: ServiceContext, feed: PriceFeed) {
  // one row per product, direction, stake and payout: exact per-order rounding without reading every order
  const groups = await ctx.db
    .select({
      productId: orders.productId,
      direction: orders.direction,
      amount: orders.amount,
      payoutBps: orders.payoutBps,
      count: sql<number>`count(*)::int`,
    })
    .from(orders)
    .where(eq(orders.status, "holding"))
    .groupBy(orders.productId, orders.direction, orders.amount, orders.payoutBps);
  const byProduct = new Map<number, { orders: number; stakeUp: number; stakeDown: number; payoutIfUp: number; payoutIfDown: number }>();
  for (const group of groups) {
    const entry = byProduct.get(group.productId) ?? { orders: 0, stakeUp: 0, stakeDown: 0, payoutIfUp: 0, payoutIfDown: 0 };
    const win = settlementCredit("win", group.amount, group.payoutBps) * group.count;
    entry.orders += group.count;
    if (group.direction === "up") {
      entry.stakeUp += group.amount * group.count;
      entry.payoutIfUp += win;
    } else {
      entry.stakeDown += group.amount * group.count;
      entry.payoutIfDown += win;
    }
    byProduct.set(group.productId, entry);
  }
  return [...byProduct.entries()]
    .map(([productId, entry]) => {
      const worst = Math.max(entry.payoutIfUp, entry.payoutIfDown);
      return {
        productId,
        code: feed.products.get(productId)?.code ?? String(productId),
        orders: entry.orders,
        stakeUp: centsToDecimal(entry.stakeUp),
        stakeDown: centsToDecimal(entry.stakeDown),
        payoutIfUp: centsToDecimal(entry.payoutIfUp),
        payoutIfDown: centsToDecimal(entry.payoutIfDown),
        worstCasePayout: centsToDecimal(worst),
        // what the platform pays beyond the stakes it holds, in the worse case (negative: it keeps money)
        worstCaseLoss: centsToDecimal(worst - entry.stakeUp - entry.stakeDown),
        worstCents: worst,
      };
    })
    .sort((a, b) => b.worstCents - a.worstCents)
    .map(({ worstCents: _sort, ...row }) => row);
}

/** Per product: the last recorded tick's age and the market's status (a closed market's ticks age on purpose). */
export function feedHealth(ctx: ServiceContext, feed: PriceFeed) {
  const now = ctx.now();
  return [...feed.products.values()].map((product) => {
    const quote = feed.quote(product.id);
    return {
      productId: product.id,
      code: product.code,
      status: feed.status(product.id, now),
      lastTick: quote?.time ?? null,
      ageSeconds: quote ? now - quote.time : null,
    };
  });
}
