import type { StudySeries } from "./indicators";

/** An exponential average's running figures as they stand after a value: where it resumes when later values change. */
export interface AverageState {
  /** numbers seen so far (NaN values are skipped) */
  seen: number;
  /** their sum, until the first full window */
  sum: number;
  average: number;
}

const START: AverageState = { seen: 0, sum: 0, average: 0 };

/**
 * An exponential moving average with smoothing 2 ÷ (window + 1), seeded with the plain mean of the first `window`
 * values (the usual convention, so the first value does not lean on the very first close); NaN before that.
 * Values may start with NaN (a series that starts late): the average starts at the first full window of numbers.
 */
export function exponentialAverage(values: ArrayLike<number>, window: number): StudySeries {
  return averageRun(values, window, new Float64Array(values.length), 0, START).values;
}

/**
 * The average from value `from` on, written into `out` (the values before `from` are kept), starting from its
 * figures as they stood after value `from − 1`; returns them as they stand before the last value too.
 */
function averageRun(values: ArrayLike<number>, window: number, out: StudySeries, from: number, state: AverageState) {
  const k = 2 / (window + 1);
  let { seen, sum, average } = state;
  let beforeLast = state;
  for (let i = Math.max(0, from); i < values.length; i++) {
    if (i === values.length - 1) beforeLast = { seen, sum, average };
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
  return { values: out, beforeLast };
}

export interface Macd {
  /** the fast average less the slow one */
  macd: StudySeries;
  /** the average of the MACD line */
  signal: StudySeries;
  /** MACD less signal, drawn as bars */
  histogram: StudySeries;
}

/** MACD and what it needs to resume from the close before the last: its three averages' running figures. */
export interface MacdRun extends Macd {
  fastLine: StudySeries;
  slowLine: StudySeries;
  beforeLast: { fast: AverageState; slow: AverageState; signal: AverageState };
}

export interface MacdWindows {
  fast: number;
  slow: number;
  signal: number;
}

/** MACD(fast, slow, signal) over closing prices, one value per close in each series (NaN carries through). */
export function macd(closes: ArrayLike<number>, fast = 12, slow = 26, signalWindow = 9): Macd {
  const { macd: line, signal, histogram } = macdRun(closes, { fast, slow, signal: signalWindow });
  return { macd: line, signal, histogram };
}

/**
 * MACD from close `from` on, resuming `previous` (a run over the closes as they were, at least `from` of them,
 * whose last close was `from`): a tick changes the last close, a new candle adds one, and only those are
 * computed again. Without `previous`, over every close.
 */
export function macdRun(closes: ArrayLike<number>, windows: MacdWindows, previous?: MacdRun): MacdRun {
  const length = closes.length;
  const from = previous ? previous.macd.length - 1 : 0;
  const series = (kept?: StudySeries) => {
    if (kept?.length === length) return kept;
    const grown = new Float64Array(length);
    if (kept) grown.set(kept.subarray(0, Math.min(kept.length, length)));
    return grown;
  };
  const fastRun = averageRun(closes, windows.fast, series(previous?.fastLine), from, previous?.beforeLast.fast ?? START);
  const slowRun = averageRun(closes, windows.slow, series(previous?.slowLine), from, previous?.beforeLast.slow ?? START);
  const line = series(previous?.macd);
  for (let i = Math.max(0, from); i < length; i++) line[i] = fastRun.values[i]! - slowRun.values[i]!;
  const signalRun = averageRun(line, windows.signal, series(previous?.signal), from, previous?.beforeLast.signal ?? START);
  const histogram = series(previous?.histogram);
  for (let i = Math.max(0, from); i < length; i++) histogram[i] = line[i]! - signalRun.values[i]!;
  return {
    macd: line,
    signal: signalRun.values,
    histogram,
    fastLine: fastRun.values,
    slowLine: slowRun.values,
    beforeLast: { fast: fastRun.beforeLast, slow: slowRun.beforeLast, signal: signalRun.beforeLast },
  };
}
