/**
 * Where a product's prices come from, as written in `products.feed_source`: `simulated` (the random walk of
 * provider.ts), or `<exchange>:<symbol>` for a real exchange's public stream (today `binance:btcusdt`).
 */
export type FeedSource = { kind: "simulated" } | { kind: "binance"; symbol: string };

const SIMULATED_SOURCE: FeedSource = { kind: "simulated" };

/** What the quote answers and the screens call each source. */
export const SOURCE_LABELS: Record<FeedSource["kind"], string> = { simulated: "simulated", binance: "Binance" };

const BINANCE = /^binance:([a-z0-9]{2,30})$/;

/** The stored text as a source; anything unrecognised is null (such a product records nothing and is stale). */
export function parseFeedSource(text: string): FeedSource | null {
  if (text === "simulated") return SIMULATED_SOURCE;
  const binance = BINANCE.exec(text);
  if (binance) return { kind: "binance", symbol: binance[1]! };
  return null;
}

export const isFeedSourceText = (text: string): boolean => parseFeedSource(text) !== null;
