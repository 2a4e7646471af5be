import { asc, eq } from "drizzle-orm";

import { centsToDecimal } from "#contract/format";
import { DEFAULT_LANGUAGE, type LanguageCode } from "#contract/languages";
import { localText } from "#contract/localized-texts";
import type { Candle, Goods, LatestQuote, Market, Period, ProductDetail, ProductQuote, SecondsOption } from "#contract/markets";
import { bpsToRate, formatPrice } from "#contract/money";

import { secondsOptions } from "../../db/schema";
import type { PriceFeed } from "../../market/feed";
import type { ProductRow } from "../../market/feed-view";
import { candlesAfter, candlesBefore, latestCandles } from "../../market/store";
import type { UserRow } from "../accounts/sessions";
import type { ServiceContext } from "../context";
import { AppError } from "../errors";
import { hasApprovedRecharge, practiceBalanceText } from "../wallet/practice";

/** Change against the previous session's close, as a signed percentage with two decimals. */
function changePct(price: number, prevClose: number): string {
  if (prevClose <= 0) return "0.00";
  return (((price - prevClose) / prevClose) * 100).toFixed(2);
}

/** Where a product's price comes from, and whether it is stale (only while its market is open). */
function feedFields(feed: PriceFeed, pid: number, now: number) {
  return {
    simulated: feed.isSimulated(pid),
    source: feed.sourceLabel(pid),
    stale: feed.status(pid, now) === "open" && feed.isStale(pid, now),
    nextOpen: feed.nextOpen(pid, now),
  };
}

export function findProduct(feed: PriceFeed, pid: number): ProductRow {
  const product = feed.products.get(pid);
  if (!product) throw new AppError("product_not_found");
  return product;
}

/** The product's display name in `language`, English when it has none there (or no language is given). */
export const productName = (product: Pick<ProductRow, "name" | "nameTexts">, language: LanguageCode = DEFAULT_LANGUAGE) =>
  localText(product.name, product.nameTexts, language);

function productQuote(feed: PriceFeed, product: ProductRow, now: number, language: LanguageCode): ProductQuote {
  const quote = feed.quote(product.id);
  const session = feed.session(product.id);
  const price = quote?.price ?? product.basePrice;
  return {
    id: product.id,
    code: product.code,
    name: productName(product, language),
    market: product.market,
    precision: product.precision,
    price: formatPrice(price, product.precision),
    changePct: changePct(price, session?.prevClose ?? price),
    prevClose: formatPrice(session?.prevClose ?? price, product.precision),
    status: feed.status(product.id, now),
    time: quote?.time ?? 0,
    topPayoutRate: bpsToRate(Math.max(0, ...(feed.secondsOptions.get(product.id) ?? []).map((option) => option.payoutBps))),
    ...feedFields(feed, product.id, now),
  };
}

export function listProducts(feed: PriceFeed, now: number, language: LanguageCode, market?: Market): ProductQuote[] {
  return [...feed.products.values()]
    .filter((product) => !market || product.market === market)
    .map((product) => productQuote(feed, product, now, language));
}

export function latestQuotes(feed: PriceFeed, now: number, pids: number[]): LatestQuote[] {
  return pids.flatMap((pid) => {
    const product = feed.products.get(pid);
    const quote = feed.quote(pid);
    if (!product || !quote) return [];
    return [
      {
        id: pid,
        price: formatPrice(quote.price, product.precision),
        time: quote.time,
        status: feed.status(pid, now),
        ...feedFields(feed, pid, now),
      },
    ];
  });
}

export function productDetail(feed: PriceFeed, now: number, pid: number, language: LanguageCode): ProductDetail {
  const product = findProduct(feed, pid);
  const quote = productQuote(feed, product, now, language);
  const session = feed.session(pid);
  const price = feed.quote(pid)?.price ?? product.basePrice;
  const format = (value: number | undefined) => formatPrice(value ?? price, product.precision);
  return { ...quote, open: format(session?.open), high: format(session?.high), low: format(session?.low) };
}

/** Which candles: the latest, or those before or after a time (the chart paging through history). */
export interface KlineRange {
  before?: number;
  after?: number;
}

export async function klines(
  ctx: ServiceContext,
  feed: PriceFeed,
  pid: number,
  period: Period,
  limit: number,
  range: KlineRange = {},
): Promise<Candle[]> {
  const product = findProduct(feed, pid);
  // recent history from memory; a longer or older one than the ring holds from the database
  const rows =
    range.before !== undefined
      ? ((await feed.candleRings.range(ctx.db, pid, period, { before: range.before }, limit)) ??
        (await candlesBefore(ctx.db, pid, period, range.before, limit)))
      : range.after !== undefined
        ? ((await feed.candleRings.range(ctx.db, pid, period, { after: range.after }, limit)) ??
          (await candlesAfter(ctx.db, pid, period, range.after, limit)))
        : ((await feed.candleRings.latest(ctx.db, pid, period, limit)) ?? (await latestCandles(ctx.db, pid, period, limit)));
  const f = (value: number) => formatPrice(value, product.precision);
  return rows.map((row) => [row.time, f(row.open), f(row.high), f(row.low), f(row.close)]);
}

export async function optionRows(ctx: ServiceContext, pid: number) {
  return ctx.db.select().from(secondsOptions).where(eq(secondsOptions.productId, pid)).orderBy(asc(secondsOptions.seconds));
}

export async function secondsOptionList(ctx: ServiceContext, feed: PriceFeed, pid: number): Promise<SecondsOption[]> {
  findProduct(feed, pid);
  return (await optionRows(ctx, pid)).map((row) => ({
    seconds: row.seconds,
    payoutRate: bpsToRate(row.payoutBps),
    minAmount: centsToDecimal(row.minAmount),
    maxAmount: centsToDecimal(row.maxAmount),
  }));
}

export async function goods(
  ctx: ServiceContext,
  feed: PriceFeed,
  pid: number,
  user: UserRow | null,
  language: LanguageCode,
): Promise<Goods> {
  const product = findProduct(feed, pid);
  return {
    product: productQuote(feed, product, ctx.now(), language),
    options: await secondsOptionList(ctx, feed, pid),
    limits: {
      singleMin: centsToDecimal(product.singleMin),
      singleMax: centsToDecimal(product.singleMax),
      totalMax: centsToDecimal(product.totalMax),
    },
    feeRate: bpsToRate(product.feeBps),
    balance: user ? centsToDecimal(user.cash) : null,
    practiceBalance: user ? practiceBalanceText(user) : null,
    recharged: user ? await hasApprovedRecharge(ctx, user.id) : false,
    simulated: feed.isSimulated(pid),
  };
}
