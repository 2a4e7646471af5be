import { type Candle, type Period, PERIOD_SECONDS } from "#contract/markets";

/** A candle as numbers: [time, open, high, low, close]. */
export type NumericCandle = [number, number, number, number, number];

// a plain loop reading by index: the first draw converts thousands of candles while the code is still cold, and
// destructuring each one (the iterator protocol) cost a few milliseconds of it
export function toNumeric(candles: Candle[]): NumericCandle[] {
  const numeric: NumericCandle[] = [];
  for (let i = 0; i < candles.length; i++) {
    const candle = candles[i]!;
    numeric.push([candle[0], Number(candle[1]), Number(candle[2]), Number(candle[3]), Number(candle[4])]);
  }
  return numeric;
}

/**
 * Folds a tick into the candles in place: the last candle moves (close, high, low) while the tick is in its
 * bucket; a tick in a later bucket starts a new candle. Returns whether a candle was added.
 */
export function applyTick(candles: NumericCandle[], period: Period, time: number, price: number): "updated" | "added" | "ignored" {
  const seconds = PERIOD_SECONDS[period];
  const bucket = Math.floor(time / seconds) * seconds;
  const last = candles.at(-1);
  if (last && bucket < last[0]) return "ignored";
  if (last && bucket === last[0]) {
    last[4] = price;
    last[2] = Math.max(last[2], price);
    last[3] = Math.min(last[3], price);
    return "updated";
  }
  candles.push([bucket, price, price, price, price]);
  return "added";
}
