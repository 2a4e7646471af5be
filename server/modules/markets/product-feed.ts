import { and, eq, sql } from "drizzle-orm";

import { FEED_STALE_SECONDS_MAX } from "#contract/schemas/markets";
import type { VoidReason } from "#contract/trading";

import type { Tx } from "../../db/client";
import { orders, products } from "../../db/schema";
import type { PriceFeed } from "../../market/feed";
import { isFeedSourceText } from "../../market/feed-source";
import type { ServiceContext } from "../context";
import { AppError } from "../errors";
import { refundVoidedOrders } from "../ledger/service";
import { findProduct } from "./service";

/**
 * Sets where a product's prices come from and how long its recent price is trusted without a trade (at most
 * FEED_STALE_SECONDS_MAX: the reference of its outlier band, live-outliers.ts). A switch
 * makes the price jump from one source's level to the other's, so it is allowed only on a product halted for
 * trading, and every order still holding is void and refunded in the same transaction: an order opened at one
 * source's price and settled at the other's would be decided by the switch, not by the market.
 *
 * The product row is locked `for update` before anything else: `place_order` reads it `for share`, so on every
 * process an order being placed finishes before the switch reads the holding orders, and one placed after it
 * sees the new source (or the halt) and is refused. Other processes learn of the switch within their reload;
 * until then `place_order` refuses their orders, priced from the old source.
 */
export async function setProductFeed(ctx: ServiceContext, feed: PriceFeed, input: { pid: number; source: string; staleSeconds: number }) {
  const id = findProduct(feed, input.pid).id;
  const staleSeconds = input.staleSeconds;
  if (!isFeedSourceText(input.source)) throw new AppError("invalid_input", {}, "request");
  if (!Number.isInteger(staleSeconds) || staleSeconds < 1 || staleSeconds > FEED_STALE_SECONDS_MAX)
    throw new AppError("feed_stale_seconds_range", { max: FEED_STALE_SECONDS_MAX });
  const now = ctx.now();
  const voided = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ tradingEnabled: products.tradingEnabled, feedSource: products.feedSource })
      .from(products)
      .where(eq(products.id, id))
      .for("update");
    if (!row) throw new AppError("product_not_found");
    if (row.feedSource === input.source) {
      await tx.update(products).set({ feedStaleSeconds: staleSeconds }).where(eq(products.id, id));
      return 0;
    }
    if (row.tradingEnabled) throw new AppError("product_feed_busy");
    await tx
      .update(products)
      .set({ feedSource: input.source, feedStaleSeconds: staleSeconds, feedChangedAt: now })
      .where(eq(products.id, id));
    return voidHoldingOrders(tx, id, "source_switch", now);
  });
  await feed.reloadProducts();
  ctx.log(
    `product ${id} now priced from ${input.source} (recent price trusted ${staleSeconds} s without a trade)` +
      (voided > 0 ? `; ${voided} holding order(s) void and refunded` : ""),
  );
  return { id, feedSource: input.source, feedStaleSeconds: staleSeconds, voided };
}

/**
 * Voids every order of the product still holding and gives each its stake and fee back to cash, one ledger row
 * per order (`order_void`), in the caller's transaction. Exactly once: only an order still `holding` changes,
 * and settlement closes only `holding` orders, so a voided order is neither settled nor refunded again.
 */
async function voidHoldingOrders(tx: Tx, productId: number, reason: VoidReason, now: number): Promise<number> {
  const voided = await tx
    .update(orders)
    .set({ status: "void", voidReason: reason, closeTime: now })
    .where(and(eq(orders.productId, productId), eq(orders.status, "holding")))
    .returning({
      id: orders.id,
      userId: orders.userId,
      productId: orders.productId,
      refund: sql<string | number>`${orders.amount} + ${orders.fee}`,
      account: orders.account,
    });
  // each customer's open screens and the console hear of it once the switch commits
  await refundVoidedOrders(tx, voided, reason, now);
  return voided.length;
}
