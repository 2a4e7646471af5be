/**
 * Chart studies over closing prices, one value per candle; null until enough candles exist (the line layer leaves a
 * gap at "-"), so the lines start where the window is full.
 */
export function movingAverage(closes: number[], window: number): Array<number | "-"> {
  const out: Array<number | "-"> = [];
  let sum = 0;
  for (let i = 0; i < closes.length; i++) {
    sum += closes[i]!;
    if (i >= window) sum -= closes[i - window]!;
    out.push(i >= window - 1 ? sum / window : "-");
  }
  return out;
}

/** Bollinger bands: the moving average and `width` standard deviations of the window either side of it. */
export function bollinger(closes: number[], window: number, width: number): { upper: Array<number | "-">; lower: Array<number | "-"> } {
  const middle = movingAverage(closes, window);
  const upper: Array<number | "-"> = [];
  const lower: Array<number | "-"> = [];
  for (let i = 0; i < closes.length; i++) {
    const mean = middle[i]!;
    if (mean === "-") {
      upper.push("-");
      lower.push("-");
      continue;
    }
    let squares = 0;
    for (let j = i - window + 1; j <= i; j++) squares += (closes[j]! - mean) ** 2;
    const deviation = Math.sqrt(squares / window);
    upper.push(mean + width * deviation);
    lower.push(mean - width * deviation);
  }
  return { upper, lower };
}
