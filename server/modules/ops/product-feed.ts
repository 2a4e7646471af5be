import { and, count, eq } from "drizzle-orm";

import { FEED_STALE_SECONDS_MAX } from "#contract/schemas/markets";

import { orders, products } from "../../db/schema";
import type { PriceFeed } from "../../market/feed";
import { isFeedSourceText } from "../../market/feed-source";
import type { ServiceContext } from "../context";
import { AppError } from "../errors";
import { findProduct } from "../markets/service";

/**
 * Sets where a product's prices come from and how long its recent price is trusted without a trade (at most
 * FEED_STALE_SECONDS_MAX: the reference of its outlier band, live-outliers.ts). A switch
 * makes the price jump from one source's level to the other's, so it is allowed only on a product halted for
 * trading with no order still holding: no open order can be decided by the switch.
 */
export async function setProductFeed(ctx: ServiceContext, feed: PriceFeed, input: { pid: number; source: string; staleSeconds: number }) {
  const id = findProduct(feed, input.pid).id;
  const staleSeconds = input.staleSeconds;
  if (!isFeedSourceText(input.source)) throw new AppError("invalid_input", {}, "request");
  if (!Number.isInteger(staleSeconds) || staleSeconds < 1 || staleSeconds > FEED_STALE_SECONDS_MAX)
    throw new AppError("feed_stale_seconds_range", { max: FEED_STALE_SECONDS_MAX });
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ tradingEnabled: products.tradingEnabled, feedSource: products.feedSource })
      .from(products)
      .where(eq(products.id, id))
      .for("update");
    if (!row) throw new AppError("product_not_found");
    if (row.feedSource !== input.source) {
      const [holding] = await tx
        .select({ n: count() })
        .from(orders)
        .where(and(eq(orders.productId, id), eq(orders.status, "holding")));
      if (row.tradingEnabled || (holding?.n ?? 0) > 0) throw new AppError("product_feed_busy");
    }
    await tx.update(products).set({ feedSource: input.source, feedStaleSeconds: staleSeconds }).where(eq(products.id, id));
  });
  await feed.reloadProducts();
  ctx.log(`product ${id} now priced from ${input.source} (recent price trusted ${staleSeconds} s without a trade)`);
  return { id, feedSource: input.source, feedStaleSeconds: staleSeconds };
}
