const PRICE = /^\d{1,15}(\.\d{1,20})?$/;

/**
 * The price in one message of Binance's public streams for `symbol` (lower case): a trade (`e: "trade"`) or
 * aggregated trade (`aggTrade`) carries it in `p`, a mini ticker (`24hrMiniTicker`) in `c`, the last price.
 * Null for anything else (subscription answers, another symbol, malformed JSON or prices): ignored.
 */
export function binancePrice(text: string, symbol: string): string | null {
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof message !== "object" || message === null) return null;
  const fields = message as Record<string, unknown>;
  if (typeof fields.s !== "string" || fields.s.toLowerCase() !== symbol) return null;
  const price = fields.e === "trade" || fields.e === "aggTrade" ? fields.p : fields.e === "24hrMiniTicker" ? fields.c : undefined;
  if (typeof price !== "string" || !PRICE.test(price) || !/[1-9]/.test(price)) return null;
  return price;
}
