/**
 * Chart studies over closing prices, one value per candle, NaN until enough candles exist (the line layer leaves a
 * gap there), so the lines start where the window is full. A typed array of doubles rather than an array of
 * numbers and markers: the first draw computes the studies over thousands of candles, and every tick again.
 */
export type StudySeries = Float64Array;

/** Whether a study has a value at this candle (a full window behind it). */
export const hasValue = (value: number | undefined): value is number => value !== undefined && !Number.isNaN(value);

export function movingAverage(closes: ArrayLike<number>, window: number): StudySeries {
  const out = new Float64Array(closes.length);
  let sum = 0;
  for (let i = 0; i < closes.length; i++) {
    sum += closes[i]!;
    if (i >= window) sum -= closes[i - window]!;
    out[i] = i >= window - 1 ? sum / window : NaN;
  }
  return out;
}

/** Bollinger bands: the moving average and `width` standard deviations of the window either side of it. */
export function bollinger(closes: ArrayLike<number>, window: number, width: number): { upper: StudySeries; lower: StudySeries } {
  const middle = movingAverage(closes, window);
  const upper = new Float64Array(closes.length);
  const lower = new Float64Array(closes.length);
  for (let i = 0; i < closes.length; i++) {
    const mean = middle[i]!;
    if (Number.isNaN(mean)) {
      upper[i] = NaN;
      lower[i] = NaN;
      continue;
    }
    let squares = 0;
    for (let j = i - window + 1; j <= i; j++) squares += (closes[j]! - mean) ** 2;
    const deviation = Math.sqrt(squares / window);
    upper[i] = mean + width * deviation;
    lower[i] = mean - width * deviation;
  }
  return { upper, lower };
}
