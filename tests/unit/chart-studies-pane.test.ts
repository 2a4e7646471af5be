import { describe, expect, it } from "vitest";

import { drawCandles, plotIn } from "@/features/trading/candle-layer";
import type { NumericCandle } from "@/features/trading/candles";
import { marks, NO_STUDIES, type Scene, studyLines, timeLabelAt } from "@/features/trading/chart-scene";
import { drawPanes, PANE_HEIGHT, panesHeight } from "@/features/trading/study-pane";
import type { Period } from "#contract/markets";

import { recordingCanvas } from "./recording-canvas";

const DAY = 86_400;

/** Daily candles ending today, rising then falling. */
const candlesOf = (count: number, step: number): NumericCandle[] =>
  Array.from({ length: count }, (_, i) => {
    const close = 100 + (i < count / 2 ? i : count - i);
    return [1_795_000_000 - (1_795_000_000 % step) - (count - 1 - i) * step, close - 0.5, close + 1, close - 1, close];
  });

const scene = (period: Period, step: number, over: Partial<Scene> = {}): Scene => ({
  candles: candlesOf(60, step),
  view: { first: 20, count: 48 },
  period,
  precision: 2,
  chartType: "candles",
  studies: studyLines([], NO_STUDIES),
  price: 100,
  orders: [],
  closed: [],
  preview: { closeTime: 1_795_000_030, label: "30s" },
  now: 1_795_000_000,
  width: 310,
  ...over,
});

describe("long periods", () => {
  it("the 1d chart marks no expiry preview and labels no future place; the 1m chart does both", () => {
    const daily = scene("1d", DAY);
    expect(marks(daily).find((m) => m.name === "preview-expiry")).toBeUndefined();
    // the view reaches past the last candle (places 40 to 47 are future ones)
    const future = Array.from({ length: 8 }, (_, i) => timeLabelAt(daily, 40 + i));
    expect(future.every((label) => label === "")).toBe(true);
    expect(timeLabelAt(daily, 39)).not.toBe("");

    const minutes = scene("1m", 60);
    expect(marks(minutes).find((m) => m.name === "preview-expiry")?.label.formatter).toBe("30s");
    expect(timeLabelAt(minutes, 41)).not.toBe("");
  });

  it("draws no time label right of the live candle on the 1d axis", () => {
    const daily = scene("1d", DAY);
    const { canvas, calls } = recordingCanvas(390, 452);
    drawCandles(canvas, plotIn(390, 452, { min: 90, max: 140 }), daily);
    const labels = calls.filter(([name, text]) => name === "fillText" && typeof text === "string" && /\d{4}-\d{2}-\d{2}/.test(text));
    const lastDay = new Date(daily.candles.at(-1)![0] * 1000).toISOString().slice(0, 10);
    expect(labels.length).toBeGreaterThan(0);
    for (const [, text] of labels) expect(String(text) <= lastDay, String(text)).toBe(true);
  });
});

describe("the study panes", () => {
  it("take room below the candles only for RSI and MACD, a pane each", () => {
    expect(panesHeight(studyLines(candlesOf(60, 60), { ...NO_STUDIES, ma: true, boll: true }))).toBe(0);
    const one = panesHeight(studyLines(candlesOf(60, 60), { ...NO_STUDIES, rsi: true }));
    expect(one).toBeGreaterThanOrEqual(PANE_HEIGHT);
    expect(panesHeight(studyLines(candlesOf(60, 60), { ...NO_STUDIES, rsi: true, macd: true }))).toBe(2 * one);
    const full = plotIn(390, 452, { min: 1, max: 2 })!;
    expect(plotIn(390, 452, { min: 1, max: 2 }, one)!.height).toBe(full.height - one);
  });

  it("draws RSI on its 0–100 scale and MACD's bars in the rise and fall colours, each named with its latest value", () => {
    const candles = candlesOf(60, 60);
    const lines = studyLines(candles, { ...NO_STUDIES, rsi: true, macd: true });
    const plot = plotIn(390, 452, { min: 90, max: 140 }, panesHeight(lines))!;
    const { canvas, calls } = recordingCanvas(390, 452);
    drawPanes(canvas, plot, { first: 0, count: 60 }, candles, lines, plot.top + plot.height + 24);
    const texts = calls.filter(([name]) => name === "fillText").map(([, text]) => String(text));
    expect(texts.some((text) => text.startsWith("RSI 14  "))).toBe(true);
    expect(texts.some((text) => text.startsWith("MACD 12 26 9  "))).toBe(true);
    // everything is drawn below the candles' plot
    const bottom = plot.top + plot.height;
    for (const [name, , y] of calls.filter(([name]) => name === "moveTo" || name === "lineTo" || name === "fillRect"))
      expect(Number(y), name).toBeGreaterThan(bottom);
    // the falling second half turns the histogram negative: bars in both colours
    const colours = calls.filter(([name]) => name === "set:fillStyle").map(([, colour]) => colour);
    expect(colours).toContain("#2ebd85");
    expect(colours).toContain("#f6465d");
  });
});

describe("open orders' live profit or loss", () => {
  it("is written beside the entry line, and left off once the order's time is up", () => {
    const order = { id: 7, direction: "up" as const, openPrice: 104, openTime: 990, closeTime: 1030, label: "▲ 100.00" };
    const running = marks(scene("1m", 60, { orders: [{ ...order, change: "+78.00" }] }));
    expect(running.find((m) => m.name === "entry-7")!.label.formatter).toBe("▲ 100.00 · +78.00");
    const ended = marks(scene("1m", 60, { orders: [{ ...order, change: null }] }));
    expect(ended.find((m) => m.name === "entry-7")!.label.formatter).toBe("▲ 100.00");
  });
});
