import type { StudySeries } from "./indicators";

/**
 * The relative strength index over closing prices, Wilder's: the first average gain and loss are the plain means
 * of the first `period` changes, each later one is smoothed as (previous × (period − 1) + change) ÷ period. One
 * value per close, 0 to 100; NaN until `period` changes exist. With no loss in the window it is 100, with no
 * change at all 50 (neither side has strength).
 */
export function rsi(closes: ArrayLike<number>, period = 14): StudySeries {
  const out = new Float64Array(closes.length).fill(NaN);
  let gain = 0;
  let loss = 0;
  for (let i = 1; i < closes.length; i++) {
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
  return out;
}
