import { describe, expect, it } from "vitest";

import { applyTick, type NumericCandle } from "@/features/trading/candles";
import { type StudyLines, studyLines, studyLinesAfterTick } from "@/features/trading/chart-scene";

const ALL = { ma: true, boll: true, rsi: true, macd: true };

/** A random walk of minute candles, the same every run. */
function walk(count: number): NumericCandle[] {
  let seed = 7;
  const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
  let price = 100;
  return Array.from({ length: count }, (_, i) => {
    const open = price;
    price += (random() - 0.5) * 2;
    return [i * 60, open, Math.max(open, price) + 0.1, Math.min(open, price) - 0.1, price];
  });
}

// every figure, NaN gaps included, as plain arrays: equal means equal to the last bit
const figures = (lines: StudyLines) => ({
  ma: Array.from(lines.ma),
  upper: Array.from(lines.upper),
  lower: Array.from(lines.lower),
  rsi: Array.from(lines.rsi ?? []),
  macd: Array.from(lines.macd?.macd ?? []),
  signal: Array.from(lines.macd?.signal ?? []),
  histogram: Array.from(lines.macd?.histogram ?? []),
});

describe("the study lines after a tick", () => {
  it("are exactly those computed over every close again, through price moves and new candles", () => {
    const candles = walk(300);
    let lines = studyLines(candles, ALL);
    let time = 299 * 60;
    let price = candles.at(-1)![4];
    for (let tick = 0; tick < 200; tick++) {
      // four ticks a candle: three move the last close, the fourth starts a new candle
      time += 15;
      price += tick % 3 === 0 ? 0.37 : -0.21;
      const change = applyTick(candles, "1m", time, price);
      expect(change).not.toBe("ignored");
      const before = lines;
      lines = studyLinesAfterTick(lines, candles, ALL);
      expect(figures(lines), `tick ${tick}`).toEqual(figures(studyLines(candles, ALL)));
      // resumed, not computed again: a moved close rewrites the last place of the same series
      if (change === "updated") {
        expect(lines.rsi).toBe(before.rsi);
        expect(lines.macd!.signal).toBe(before.macd!.signal);
      }
    }
    expect(candles.length).toBe(350);
  });

  it("start from the beginning when the candles are not the ones they were computed over plus a tick", () => {
    const candles = walk(120);
    const lines = studyLines(candles.slice(0, 60), ALL);
    // 120 candles after lines over 60: no resuming from the 60th
    expect(figures(studyLinesAfterTick(lines, candles, ALL))).toEqual(figures(studyLines(candles, ALL)));
    // a study turned on since: computed over every close
    const some = studyLines(candles, { ...ALL, rsi: false, macd: false });
    expect(figures(studyLinesAfterTick(some, candles, ALL))).toEqual(figures(studyLines(candles, ALL)));
  });

  it("start right from the first candles: a chart that opens with one or two", () => {
    const candles = walk(1);
    let lines = studyLines(candles, ALL);
    for (let i = 1; i < 40; i++) {
      applyTick(candles, "1m", i * 60, 100 + Math.sin(i));
      lines = studyLinesAfterTick(lines, candles, ALL);
    }
    expect(figures(lines)).toEqual(figures(studyLines(candles, ALL)));
  });
});
