import { describe, expect, it } from "vitest";

import { exponentialAverage, macd } from "@/features/trading/macd";
import { rsi } from "@/features/trading/rsi";

// Wilder's worked example as StockCharts publishes it: 33 closes and the 14-day RSI from the 15th on. The
// spreadsheet rounds its averages to two decimals, so its figures sit a few hundredths from the exact ones.
const CLOSES = [
  44.34, 44.09, 44.15, 43.61, 44.33, 44.83, 45.1, 45.42, 45.84, 46.08, 45.89, 46.03, 45.61, 46.28, 46.28, 46.0, 46.03, 46.41, 46.22, 45.64,
  46.21, 46.25, 45.71, 46.45, 45.78, 45.35, 44.03, 44.18, 44.22, 44.57, 43.42, 42.66, 43.13,
];
const PUBLISHED_RSI = [
  70.53, 66.32, 66.55, 69.41, 66.36, 57.97, 62.93, 63.26, 56.06, 62.38, 54.71, 50.42, 39.99, 41.46, 41.87, 45.46, 37.3, 33.08, 37.77,
];

// the studies mark "no full window yet" with NaN: read as "-" here so the expectations show the gaps
const gaps = (values: ArrayLike<number>) => Array.from(values, (v) => (Number.isNaN(v) ? "-" : v));
const round2 = (values: ArrayLike<number>) => gaps(values).map((v) => (v === "-" ? v : Math.round(v * 100) / 100));

describe("RSI(14)", () => {
  it("matches the worked example: the first value exactly, the rest within the spreadsheet's rounding", () => {
    const values = rsi(CLOSES, 14);
    expect(values).toHaveLength(CLOSES.length);
    expect(gaps(values.slice(0, 14)).every((v) => v === "-")).toBe(true);
    // the first 14 changes gain 3.34 and lose 1.40 in all: averages 3.34/14 and 1.40/14
    expect(values[14]).toBeCloseTo(100 - 100 / (1 + 3.34 / 1.4), 10);
    expect(round2([values[14]!])).toEqual([70.46]);
    values.slice(14).forEach((value, i) => expect(Math.abs((value as number) - PUBLISHED_RSI[i]!), `RSI ${i + 14}`).toBeLessThan(0.08));
  });

  it("is 100 with only gains, 0 with only losses, 50 with no change, and empty for no closes", () => {
    const rising = Array.from({ length: 20 }, (_, i) => 100 + i);
    expect(rsi(rising).at(-1)).toBe(100);
    expect(rsi(rising.toReversed()).at(-1)).toBe(0);
    expect(rsi(Array(20).fill(5)).at(-1)).toBe(50);
    expect(gaps(rsi([]))).toEqual([]);
    expect(gaps(rsi([1, 2, 3]))).toEqual(["-", "-", "-"]);
  });
});

describe("MACD(12, 26, 9)", () => {
  it("seeds an average with the mean of its first window, then smooths by 2 ÷ (window + 1)", () => {
    expect(gaps(exponentialAverage([1, 2, 3, 4, 5], 3))).toEqual(["-", "-", 2, 3, 4]);
    expect(gaps(exponentialAverage([2, 4, 6, 1], 3))).toEqual(["-", "-", 4, 2.5]);
    expect(gaps(exponentialAverage([NaN, NaN, 3, 6, 9], 2))).toEqual(["-", "-", "-", 4.5, 7.5]);
  });

  it("on a steady rise of s a close, the line is exactly 7·s from the 26th close, the signal from the 34th, the bars 0", () => {
    // an average seeded with the mean lags a straight line by s·(window − 1)/2 from its first value on:
    // MACD = s·(26 − 1)/2 − s·(12 − 1)/2 = 7·s
    const s = 0.25;
    const closes = Array.from({ length: 60 }, (_, i) => 100 + s * i);
    const { macd: line, signal, histogram } = macd(closes);
    expect(gaps(line.slice(0, 25)).every((v) => v === "-")).toBe(true);
    for (const value of line.slice(25)) expect(value).toBeCloseTo(7 * s, 10);
    expect(gaps(signal.slice(0, 33)).every((v) => v === "-")).toBe(true);
    for (const value of signal.slice(33)) expect(value).toBeCloseTo(7 * s, 10);
    for (const value of histogram.slice(33)) expect(value).toBeCloseTo(0, 10);
    expect(histogram[32]).toBeNaN();
  });

  it("is zero on a flat price and turns with the price: a fall after a rise makes the bars negative", () => {
    const flat = macd(Array(40).fill(10));
    expect(flat.macd.at(-1)).toBe(0);
    expect(flat.histogram.at(-1)).toBe(0);
    const closes = [...Array.from({ length: 40 }, (_, i) => 100 + i), ...Array.from({ length: 10 }, (_, i) => 139 - 3 * (i + 1))];
    const { histogram } = macd(closes);
    expect(histogram.at(-1)).toBeLessThan(0);
    expect(histogram[39]).toBeCloseTo(0, 10);
  });
});
