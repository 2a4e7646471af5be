import type { StudySeries } from "./indicators";

/**
 * An exponential moving average with smoothing 2 ÷ (window + 1), seeded with the plain mean of the first `window`
 * values (the usual convention, so the first value does not lean on the very first close); NaN before that.
 * Values may start with NaN (a series that starts late): the average starts at the first full window of numbers.
 */
export function exponentialAverage(values: ArrayLike<number>, window: number): StudySeries {
  const out = new Float64Array(values.length);
  const k = 2 / (window + 1);
  let seen = 0;
  let sum = 0;
  let average = 0;
  for (let i = 0; i < values.length; i++) {
    const value = values[i]!;
    if (Number.isNaN(value)) {
      out[i] = NaN;
      continue;
    }
    seen++;
    if (seen < window) {
      sum += value;
      out[i] = NaN;
    } else if (seen === window) {
      average = (sum + value) / window;
      out[i] = average;
    } else {
      average += k * (value - average);
      out[i] = average;
    }
  }
  return out;
}

export interface Macd {
  /** the fast average less the slow one */
  macd: StudySeries;
  /** the average of the MACD line */
  signal: StudySeries;
  /** MACD less signal, drawn as bars */
  histogram: StudySeries;
}

/** MACD(fast, slow, signal) over closing prices, one value per close in each series (NaN carries through). */
export function macd(closes: ArrayLike<number>, fast = 12, slow = 26, signalWindow = 9): Macd {
  const fastLine = exponentialAverage(closes, fast);
  const slowLine = exponentialAverage(closes, slow);
  const line = fastLine.map((value, i) => value - slowLine[i]!);
  const signal = exponentialAverage(line, signalWindow);
  const histogram = line.map((value, i) => value - signal[i]!);
  return { macd: line, signal, histogram };
}
