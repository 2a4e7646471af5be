import { and, eq, sql } from "drizzle-orm";

import { centsToDecimal } from "#contract/format";
import { formatPrice } from "#contract/money";

import { orders } from "../../db/schema";
import type { PriceFeed } from "../../market/feed";
import type { ServiceContext } from "../context";
import { type OpenOrderGroup, worstCasePayout } from "./worst-case";

/**
 * What the platform stands to pay on the orders still open, per product and per expiry. Orders of one product
 * that expire together settle on one price, so their worst case is the most that one settle price can make them
 * credit together (worst-case.ts: an up and a down order opened at different prices can both win). Expiries
 * settle on different ticks, any of which may go either way, so a product's worst case is the sum of its
 * expiries'. Rounded per order as settlement rounds.
 */
export async function openExposure(ctx: ServiceContext, feed: PriceFeed) {
  // one row per product, expiry, direction, open price, stake and payout: exact per-order figures without reading every order
  const groups = await ctx.db
    .select({
      productId: orders.productId,
      expiresAt: orders.expiresAt,
      direction: orders.direction,
      openPrice: orders.openPrice,
      amount: orders.amount,
      payoutBps: orders.payoutBps,
      count: sql<number>`count(*)::int`,
    })
    .from(orders)
    // practice orders stake play money: the platform owes nothing on them
    .where(and(eq(orders.status, "holding"), eq(orders.account, "real")))
    .groupBy(orders.productId, orders.expiresAt, orders.direction, orders.openPrice, orders.amount, orders.payoutBps);
  const byProduct = new Map<number, Map<number, OpenOrderGroup[]>>();
  for (const group of groups) {
    const expiries = byProduct.get(group.productId) ?? new Map<number, OpenOrderGroup[]>();
    expiries.set(group.expiresAt, [...(expiries.get(group.expiresAt) ?? []), group]);
    byProduct.set(group.productId, expiries);
  }
  return [...byProduct.entries()]
    .map(([productId, expiries]) => {
      const product = feed.products.get(productId);
      const rows = [...expiries.entries()]
        .sort(([a], [b]) => a - b)
        .map(([expiresAt, settling]) => {
          const stakes = sum(settling, (group) => group.amount * group.count);
          const worst = worstCasePayout(settling);
          return {
            expiresAt,
            orders: sum(settling, (group) => group.count),
            stakes,
            worst: worst.payout,
            settlePrice: worst.settlePrice === null || !product ? null : formatPrice(worst.settlePrice, product.precision),
          };
        });
      const stake = (direction: "up" | "down") =>
        sum([...expiries.values()].flat(), (group) => (group.direction === direction ? group.amount * group.count : 0));
      const stakes = sum(rows, (row) => row.stakes);
      const worst = sum(rows, (row) => row.worst);
      return {
        productId,
        code: product?.code ?? String(productId),
        orders: sum(rows, (row) => row.orders),
        stakeUp: centsToDecimal(stake("up")),
        stakeDown: centsToDecimal(stake("down")),
        worstCasePayout: centsToDecimal(worst),
        // what the worst case pays beyond the stakes the platform holds: a loss when positive, else what it keeps
        worstCaseNet: centsToDecimal(worst - stakes),
        expiries: rows.map((row) => ({
          expiresAt: row.expiresAt,
          orders: row.orders,
          stakes: centsToDecimal(row.stakes),
          worstCasePayout: centsToDecimal(row.worst),
          worstCaseNet: centsToDecimal(row.worst - row.stakes),
          worstSettlePrice: row.settlePrice,
        })),
        worstCents: worst,
      };
    })
    .sort((a, b) => b.worstCents - a.worstCents)
    .map(({ worstCents: _sort, ...row }) => row);
}

const sum = <T>(items: readonly T[], of: (item: T) => number) => items.reduce((total, item) => total + of(item), 0);

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
