import type { StudySeries } from "./indicators";

/** Wilder's average gain and loss as they stand after a close: where the RSI resumes when later closes change. */
export interface RsiState {
  gain: number;
  loss: number;
}

/** RSI values and the averages before the last close, so a tick (a new last close) or a new candle resumes from there. */
export interface RsiRun {
  values: StudySeries;
  /** the averages after the close before the last one */
  beforeLast: RsiState;
}

/**
 * The relative strength index over closing prices, Wilder's: the first average gain and loss are the plain means
 * of the first `period` changes, each later one is smoothed as (previous × (period − 1) + change) ÷ period. One
 * value per close, 0 to 100; NaN until `period` changes exist. With no loss in the window it is 100, with no
 * change at all 50 (neither side has strength).
 */
export function rsi(closes: ArrayLike<number>, period = 14): StudySeries {
  return rsiRun(closes, period).values;
}

/**
 * The RSI from close `from` on, written into `into` (the values before `from` are kept), starting from the
 * averages as they stood after close `from − 1`. From the first close with nothing given, it is the whole RSI.
 */
export function rsiRun(
  closes: ArrayLike<number>,
  period: number,
  into: StudySeries = new Float64Array(closes.length).fill(NaN),
  from = 1,
  state: RsiState = { gain: 0, loss: 0 },
): RsiRun {
  const out = into;
  let { gain, loss } = state;
  let beforeLast = { gain, loss };
  for (let i = Math.max(1, from); i < closes.length; i++) {
    if (i === closes.length - 1) beforeLast = { gain, loss };
    const change = closes[i]! - closes[i - 1]!;
    const up = change > 0 ? change : 0;
    const down = change < 0 ? -change : 0;
    if (i <= period) {
      gain += up / period;
      loss += down / period;
      if (i < period) continue;
    } else {
      gain = (gain * (period - 1) + up) / period;
      loss = (loss * (period - 1) + down) / period;
    }
    out[i] = loss === 0 ? (gain === 0 ? 50 : 100) : 100 - 100 / (1 + gain / loss);
  }
  return { values: out, beforeLast };
}
