/**
 * An exponential moving average with smoothing 2 ÷ (window + 1), seeded with the plain mean of the first `window`
 * values (the usual convention, so the first value does not lean on the very first close); "-" before that.
 * Values may start with "-" (a series that starts late): the average starts at the first full window of numbers.
 */
export function exponentialAverage(values: Array<number | "-">, window: number): Array<number | "-"> {
  const out: Array<number | "-"> = [];
  const k = 2 / (window + 1);
  let seen = 0;
  let sum = 0;
  let average = 0;
  for (const value of values) {
    if (value === "-") {
      out.push("-");
      continue;
    }
    seen++;
    if (seen < window) {
      sum += value;
      out.push("-");
    } else if (seen === window) {
      average = (sum + value) / window;
      out.push(average);
    } else {
      average += k * (value - average);
      out.push(average);
    }
  }
  return out;
}

export interface Macd {
  /** the fast average less the slow one */
  macd: Array<number | "-">;
  /** the average of the MACD line */
  signal: Array<number | "-">;
  /** MACD less signal, drawn as bars */
  histogram: Array<number | "-">;
}

/** MACD(fast, slow, signal) over closing prices, one value per close in each series. */
export function macd(closes: number[], fast = 12, slow = 26, signalWindow = 9): Macd {
  const fastLine = exponentialAverage(closes, fast);
  const slowLine = exponentialAverage(closes, slow);
  const line = fastLine.map((value, i) => (value === "-" || slowLine[i] === "-" ? "-" : value - (slowLine[i] as number)));
  const signal = exponentialAverage(line, signalWindow);
  const histogram = line.map((value, i) => (value === "-" || signal[i] === "-" ? "-" : value - (signal[i] as number)));
  return { macd: line, signal, histogram };
}
