import { eq } from "drizzle-orm";

import { MIN_OPTION_SECONDS, PAYOUT_RATE_LIMIT_BPS } from "#contract/constants";
import { centsToDecimal } from "#contract/format";
import { bpsToRate } from "#contract/money";

import { products, secondsOptions } from "../../db/schema";
import type { PriceFeed } from "../../market/feed";
import type { ServiceContext } from "../context";
import { AppError } from "../errors";
import { moneySettings } from "../money/settings";
import { findProduct, optionRows } from "./service";

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
      nameTexts: product.nameTexts ?? {},
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

/**
 * A payout rate of 1 or more lets an up and a down order on one tick make money without risk; below 1, the
 * operator's cap (a money setting) bounds it further. `place_order` checks the stored rate against the cap
 * again, since the cap may be lowered after an option was saved.
 */
export const payoutWithinCap = (payoutBps: number, capBps: number) => payoutBps < PAYOUT_RATE_LIMIT_BPS && payoutBps <= capBps;

const productId = (feed: PriceFeed, pid: number) => findProduct(feed, pid).id;

export async function setProductTrading(ctx: ServiceContext, feed: PriceFeed, pid: number, enabled: boolean) {
  const id = productId(feed, pid);
  await ctx.db.update(products).set({ tradingEnabled: enabled }).where(eq(products.id, id));
  await feed.reloadProducts();
  ctx.log(`product ${id} ${enabled ? "opened" : "closed"} for trading by the operator`);
  return { id, tradingEnabled: enabled };
}

/** One settlement option as the contract parses it: seconds, payout in basis points, amounts in cents. */
interface OptionInput {
  seconds: number;
  payoutBps: number;
  minAmount: number;
  maxAmount: number;
}

const withinLimits = (option: { minAmount: number; maxAmount: number }, singleMin: number, singleMax: number) =>
  option.minAmount >= singleMin && option.maxAmount <= singleMax;

export async function setProductOptions(ctx: ServiceContext, feed: PriceFeed, pid: number, options: OptionInput[]) {
  const id = productId(feed, pid);
  // the fee as stored: another process may have changed it since this one last read the products
  const [stored] = await ctx.db
    .select({ feeBps: products.feeBps, singleMin: products.singleMin, singleMax: products.singleMax })
    .from(products)
    .where(eq(products.id, id));
  const { feeBps, singleMin, singleMax } = stored ?? { feeBps: 0, singleMin: 0, singleMax: Number.MAX_SAFE_INTEGER };
  const { payoutCapBps } = await moneySettings(ctx.db);
  const parsed = options.map((option) => {
    if (option.seconds < MIN_OPTION_SECONDS) throw new AppError("option_seconds_min", { min: MIN_OPTION_SECONDS }, "seconds");
    if (option.minAmount > option.maxAmount) throw new AppError("invalid_input", {}, "request");
    // an option's stakes lie within the product's single-order limits: the ticket offers what an order may be
    if (!withinLimits(option, singleMin, singleMax)) throw new AppError("invalid_input", {}, "options");
    if (!payoutWithinCap(option.payoutBps, payoutCapBps))
      throw new AppError("payout_rate_cap", { cap: bpsToRate(payoutCapBps) }, "options");
    if (!winNetsProfit(option.payoutBps, feeBps)) throw new AppError("invalid_input", {}, "options");
    return { productId: id, ...option };
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
  input: { pid: number; feeRate: number; singleMin: number; singleMax: number; totalMax: number },
) {
  const id = productId(feed, input.pid);
  const { feeRate: feeBps, singleMin, singleMax, totalMax } = input;
  if (singleMin > singleMax || singleMax > totalMax) {
    throw new AppError("invalid_input", {}, "request");
  }
  if (feeBps > 5000 || (await optionRows(ctx, id)).some((option) => !winNetsProfit(option.payoutBps, feeBps))) {
    throw new AppError("invalid_input", {}, "feeRate");
  }
  await ctx.db.update(products).set({ feeBps, singleMin, singleMax, totalMax }).where(eq(products.id, id));
  await feed.reloadProducts();
  return {
    id,
    feeRate: bpsToRate(feeBps),
    singleMin: centsToDecimal(singleMin),
    singleMax: centsToDecimal(singleMax),
    totalMax: centsToDecimal(totalMax),
  };
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
  input: { pid: number; requoteToleranceBps: number; maxQuoteAgeSeconds: number },
) {
  const id = productId(feed, input.pid);
  const { requoteToleranceBps, maxQuoteAgeSeconds } = input;
  if (requoteToleranceBps > MAX_REQUOTE_TOLERANCE_BPS) throw new AppError("invalid_input", {}, "request");
  if (maxQuoteAgeSeconds < 1 || maxQuoteAgeSeconds > MAX_QUOTE_AGE_SECONDS) throw new AppError("invalid_input", {}, "request");
  await ctx.db.update(products).set({ requoteToleranceBps, maxQuoteAgeSeconds }).where(eq(products.id, id));
  await feed.reloadProducts();
  return { id, requoteToleranceBps, maxQuoteAgeSeconds };
}
