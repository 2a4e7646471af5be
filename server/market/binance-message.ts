const PRICE = /^\d{1,15}(\.\d{1,20})?$/;

/** A price from one message of Binance's streams: the exchange's decimal text and when the exchange made it (ms). */
export interface BinanceTrade {
  price: string;
  time: number;
}

/**
 * The price in one message of Binance's public streams for `symbol` (lower case), with the exchange's own time
 * for it: a trade (`e: "trade"`) or aggregated trade (`aggTrade`) carries the price in `p` and the trade time
 * in `T`, a mini ticker (`24hrMiniTicker`) the last price in `c` and its event time in `E`. The time is what
 * places the price in a second, not when the message reached us. Null for anything else (subscription
 * answers, another symbol, malformed JSON, prices or times): ignored.
 */
export function binanceTrade(text: string, symbol: string): BinanceTrade | null {
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof message !== "object" || message === null) return null;
  const fields = message as Record<string, unknown>;
  if (typeof fields.s !== "string" || fields.s.toLowerCase() !== symbol) return null;
  const trade = fields.e === "trade" || fields.e === "aggTrade";
  const price = trade ? fields.p : fields.e === "24hrMiniTicker" ? fields.c : undefined;
  const time = trade ? fields.T : fields.E;
  if (typeof price !== "string" || !PRICE.test(price) || !/[1-9]/.test(price)) return null;
  if (typeof time !== "number" || !Number.isSafeInteger(time) || time <= 0) return null;
  return { price, time };
}
