import { eq } from "drizzle-orm";

import { centsToDecimal } from "#contract/format";
import { bpsToRate, parseAmount, rateToBps } from "#contract/money";

import { products, secondsOptions } from "../../db/schema";
import type { PriceFeed } from "../../market/feed";
import type { ServiceContext } from "../context";
import { AppError } from "../errors";
import { findProduct, optionRows } from "../markets/service";

/**
 * The operator's product settings: trading on/off, settlement options, fee and limits. None of them touches
 * prices or outcomes, which come from the feed alone.
 */
export async function listProductSettings(ctx: ServiceContext, feed: PriceFeed) {
  return Promise.all(
    [...feed.products.values()].map(async (product) => ({
      id: product.id,
      code: product.code,
      name: product.name,
      market: product.market,
      tradingEnabled: product.tradingEnabled,
      feedSource: product.feedSource,
      feedStaleSeconds: product.feedStaleSeconds,
      stale: feed.isStale(product.id, ctx.now()),
      requoteToleranceBps: product.requoteToleranceBps,
      maxQuoteAgeSeconds: product.maxQuoteAgeSeconds,
      feeRate: bpsToRate(product.feeBps),
      singleMin: centsToDecimal(product.singleMin),
      singleMax: centsToDecimal(product.singleMax),
      totalMax: centsToDecimal(product.totalMax),
      options: (await optionRows(ctx, product.id)).map(
        (o) => `${o.seconds}:${bpsToRate(o.payoutBps)}:${centsToDecimal(o.minAmount)}:${centsToDecimal(o.maxAmount)}`,
      ),
    })),
  );
}

/**
 * The fee is paid on top of the stake when an order opens; a winning order must earn more than that fee,
 * or a "win" would leave the customer with less than they put in.
 */
const winNetsProfit = (payoutBps: number, feeBps: number) => payoutBps > feeBps;

const productId = (feed: PriceFeed, pid: string) => findProduct(feed, Number(pid)).id;

export async function setProductTrading(ctx: ServiceContext, feed: PriceFeed, pid: string, enabled: boolean) {
  const id = productId(feed, pid);
  await ctx.db.update(products).set({ tradingEnabled: enabled }).where(eq(products.id, id));
  await feed.reloadProducts();
  ctx.log(`product ${id} ${enabled ? "opened" : "closed"} for trading by the operator`);
  return { id, tradingEnabled: enabled };
}

export async function setProductOptions(ctx: ServiceContext, feed: PriceFeed, pid: string, options: string) {
  const id = productId(feed, pid);
  // the fee as stored: another process may have changed it since this one last read the products
  const [{ feeBps } = { feeBps: 0 }] = await ctx.db.select({ feeBps: products.feeBps }).from(products).where(eq(products.id, id));
  const parsed = options.split(",").map((entry) => {
    const [seconds, rate, min, max] = entry.split(":") as [string, string, string, string];
    const payoutBps = rateToBps(rate);
    const minAmount = parseAmount(min);
    const maxAmount = parseAmount(max);
    if (payoutBps === null || minAmount === null || maxAmount === null || Number(seconds) < 5 || minAmount > maxAmount) {
      throw new AppError("invalid_input", {}, "request");
    }
    if (!winNetsProfit(payoutBps, feeBps)) throw new AppError("invalid_input", {}, "options");
    return { productId: id, seconds: Number(seconds), payoutBps, minAmount, maxAmount };
  });
  if (new Set(parsed.map((o) => o.seconds)).size !== parsed.length) throw new AppError("invalid_input", {}, "seconds");
  await ctx.db.transaction(async (tx) => {
    await tx.delete(secondsOptions).where(eq(secondsOptions.productId, id));
    await tx.insert(secondsOptions).values(parsed);
  });
  // orders take their option from the feed's copy (other processes read it again within their reload)
  await feed.reloadProducts();
  return { id, options: parsed.length };
}

export async function setProductLimits(
  ctx: ServiceContext,
  feed: PriceFeed,
  input: { pid: string; feeRate: string; singleMin: string; singleMax: string; totalMax: string },
) {
  const id = productId(feed, input.pid);
  const feeBps = rateToBps(input.feeRate);
  const [singleMin, singleMax, totalMax] = [input.singleMin, input.singleMax, input.totalMax].map(parseAmount);
  if (feeBps === null || singleMin == null || singleMax == null || totalMax == null || singleMin > singleMax || singleMax > totalMax) {
    throw new AppError("invalid_input", {}, "request");
  }
  if (feeBps > 5000 || (await optionRows(ctx, id)).some((option) => !winNetsProfit(option.payoutBps, feeBps))) {
    throw new AppError("invalid_input", {}, "feeRate");
  }
  await ctx.db.update(products).set({ feeBps, singleMin, singleMax, totalMax }).where(eq(products.id, id));
  await feed.reloadProducts();
  return { id, feeRate: bpsToRate(feeBps), singleMin: input.singleMin, singleMax: input.singleMax, totalMax: input.totalMax };
}

/** Guard rails: a tolerance above 5% would accept any jump, a quote older than 30 s is no longer a price. */
export const MAX_REQUOTE_TOLERANCE_BPS = 500;
export const MAX_QUOTE_AGE_SECONDS = 30;

/**
 * How far the price at acceptance may be from the one the customer saw (basis points) and how old a quote an
 * order may open on. Neither picks a price: both only decide whether an order is refused.
 */
export async function setProductQuoting(
  ctx: ServiceContext,
  feed: PriceFeed,
  input: { pid: string; requoteToleranceBps: string; maxQuoteAgeSeconds: string },
) {
  const id = productId(feed, input.pid);
  const requoteToleranceBps = Number(input.requoteToleranceBps);
  const maxQuoteAgeSeconds = Number(input.maxQuoteAgeSeconds);
  if (requoteToleranceBps > MAX_REQUOTE_TOLERANCE_BPS) throw new AppError("invalid_input", {}, "request");
  if (maxQuoteAgeSeconds < 1 || maxQuoteAgeSeconds > MAX_QUOTE_AGE_SECONDS) throw new AppError("invalid_input", {}, "request");
  await ctx.db.update(products).set({ requoteToleranceBps, maxQuoteAgeSeconds }).where(eq(products.id, id));
  await feed.reloadProducts();
  return { id, requoteToleranceBps, maxQuoteAgeSeconds };
}
