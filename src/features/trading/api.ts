import { call } from "@/api/client";
import type { Envelope } from "#contract/envelope";
import type { Candle, Goods, Period, ProductDetail, ProductQuote } from "#contract/markets";
import { apiPaths } from "#contract/paths";
import type { PlaceOrderRequest } from "#contract/schemas/trading";

export const fetchProductDetail = (pid: number) => call(apiPaths.productDetail, { pid });
export const fetchKlines = (pid: number, period: Period, limit = 300) => call(apiPaths.klines, { pid, period, limit });
/**
 * A page of history for the chart as it pans: the `limit` candles before or after a time, or the latest; null
 * when the request failed (quiet: the chart tries again later, no toast while the finger is on it).
 */
export async function fetchKlinePage(
  pid: number,
  period: Period,
  bound: { before: number } | { after: number } | null,
  limit: number,
): Promise<Candle[] | null> {
  const answer = await call(apiPaths.klines, { pid, period, limit, ...bound }, { quiet: true });
  return answer.code === 1 ? answer.data : null;
}
export const fetchGoods = (pid: number) => call(apiPaths.goods, { pid });
/**
 * The user's cash and practice balance as the ticket shows them, read again after an order or a settlement;
 * quiet: a failed refresh keeps the last figures.
 */
export async function fetchBalance(pid: number): Promise<{ real: string | null; practice: string | null } | undefined> {
  const answer = await call(apiPaths.goods, { pid }, { quiet: true });
  return answer.code === 1 ? { real: answer.data.balance, practice: answer.data.practiceBalance } : undefined;
}
export const submitOrder = (input: PlaceOrderRequest) => call(apiPaths.placeOrder, { ...input });

export interface TradeScreen {
  detail: ProductDetail;
  candles: Candle[];
  goods: Goods;
}

/** What the trade screen needs from the market, as one answer: saved whole for offline reading. */
export async function fetchTradeScreen(pid: number, period: Period, limit: number): Promise<Envelope<TradeScreen>> {
  const [detail, candles, goods] = await Promise.all([fetchProductDetail(pid), fetchKlines(pid, period, limit), fetchGoods(pid)]);
  if (detail.code !== 1) return detail;
  if (candles.code !== 1) return candles;
  if (goods.code !== 1) return goods;
  return { code: 1, msg: detail.msg, data: { detail: detail.data, candles: candles.data, goods: goods.data } };
}

/** Every product with its quote, status and top payout, in the reader's language: the asset sheet's list. */
export async function fetchAssets(): Promise<ProductQuote[] | null> {
  const answer = await call(apiPaths.products, {}, { quiet: true });
  return answer.code === 1 ? answer.data : null;
}
