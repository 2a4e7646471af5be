import { describe, expect, it } from "vitest";

import { drawCandles, plotIn } from "@/features/trading/candle-layer";
import type { NumericCandle } from "@/features/trading/candles";
import { DOWN, type Scene, UP } from "@/features/trading/chart-scene";
import { plotScale } from "@/features/trading/plot-scale";
import { priceTicks } from "@/features/trading/price-ticks";

import { recordingCanvas } from "./recording-canvas";

const WIDTH = 390;
const HEIGHT = 452;

/** Minute candles from 12:00 UTC, alternately rising and falling around 100. */
function minuteCandles(count: number): NumericCandle[] {
  return Array.from({ length: count }, (_, i) => {
    const open = 100 + (i % 7) * 0.1;
    const close = i % 2 ? open - 0.3 : open + 0.3;
    return [43_200 + i * 60, open, Math.max(open, close) + 0.1, Math.min(open, close) - 0.1, close];
  });
}

const scene = (over: Partial<Scene>): Scene => ({
  candles: minuteCandles(10),
  view: { first: 0, count: 10 },
  period: "1m",
  precision: 2,
  chartType: "candles",
  studies: { ma: new Float64Array(0), upper: new Float64Array(0), lower: new Float64Array(0) },
  price: 100,
  orders: [],
  closed: [],
  preview: null,
  now: 44_000,
  width: WIDTH - 80,
  ...over,
});

/** The rectangles drawn, each with the fill colour it was drawn in. */
function bodies(calls: Array<[string, ...unknown[]]>) {
  let fill: unknown;
  const out: Array<{ colour: unknown; x: number; y: number; width: number; height: number }> = [];
  for (const [name, ...args] of calls) {
    if (name === "set:fillStyle") fill = args[0];
    if (name === "fillRect")
      out.push({ colour: fill, x: args[0] as number, y: args[1] as number, width: args[2] as number, height: args[3] as number });
  }
  return out;
}

describe("the candle layer", () => {
  const plot = plotIn(WIDTH, HEIGHT, { min: 99, max: 101.5 })!;

  it("draws each candle on screen in its colour, its body from open to close in the middle of its place", () => {
    const { canvas, calls } = recordingCanvas(WIDTH, HEIGHT);
    const drawn = scene({});
    drawCandles(canvas, plot, drawn);
    const rects = bodies(calls);
    expect(rects).toHaveLength(10);
    expect(rects.filter((rect) => rect.colour === UP)).toHaveLength(5);
    expect(rects.filter((rect) => rect.colour === DOWN)).toHaveLength(5);
    const scale = plotScale(plot, 10);
    // the third candle rises: open 100.2, close 100.5
    const third = rects.filter((rect) => rect.colour === UP)[1]!;
    expect(Math.abs(third.x + third.width / 2 - scale.x(2))).toBeLessThanOrEqual(1);
    expect(Math.abs(third.y - scale.y(100.5))).toBeLessThanOrEqual(1);
    expect(Math.abs(third.y + third.height - scale.y(100.2))).toBeLessThanOrEqual(1);
    // a body never spills into its neighbour's place
    for (const rect of rects) expect(rect.width).toBeLessThan(scale.band);
  });

  it("draws only the candles on screen, however many are held", () => {
    const { canvas, calls } = recordingCanvas(WIDTH, HEIGHT);
    const candles = minuteCandles(5000);
    drawCandles(canvas, plot, scene({ candles, view: { first: 5000 - 60, count: 66 } }));
    expect(bodies(calls)).toHaveLength(60);
  });

  it("draws no candles in the line view (the line layer draws the closes), but still the axes", () => {
    const { canvas, calls } = recordingCanvas(WIDTH, HEIGHT);
    drawCandles(canvas, plot, scene({ chartType: "line" }));
    expect(bodies(calls)).toHaveLength(0);
    expect(calls.filter(([name]) => name === "fillText").length).toBeGreaterThan(3);
  });

  it("labels round prices inside the range right of the plot, with the product's decimals", () => {
    const { canvas, calls } = recordingCanvas(WIDTH, HEIGHT);
    drawCandles(canvas, plot, scene({ precision: 3, price: 101.4 }));
    const prices = calls.filter(([name, , x]) => name === "fillText" && (x as number) > plot.left + plot.width);
    expect(prices.map(([, text]) => text)).toEqual(["99.500", "100.000", "100.500", "101.000"]);
    const scale = plotScale(plot, 10);
    for (const [, text, , y] of prices) expect(Math.abs((y as number) - scale.y(Number(text)))).toBeLessThanOrEqual(1);
  });

  it("leaves out a round price the live price's label would cover, keeping its grid line", () => {
    const { canvas, calls } = recordingCanvas(WIDTH, HEIGHT);
    drawCandles(canvas, plot, scene({ precision: 3, price: 100.02 }));
    const prices = calls.filter(([name, , x]) => name === "fillText" && (x as number) > plot.left + plot.width).map(([, text]) => text);
    expect(prices).toEqual(["99.500", "100.500", "101.000"]);
    const y = Math.round(plotScale(plot, 10).y(100)) + 0.5;
    expect(calls).toContainEqual(["moveTo", plot.left, y]);
  });

  it("labels times under the plot inside the chart without overlaps, and the labels move with their candles", () => {
    const labelsAt = (first: number) => {
      const { canvas, calls } = recordingCanvas(WIDTH, HEIGHT);
      drawCandles(canvas, plot, scene({ candles: minuteCandles(400), view: { first, count: 66 } }));
      return calls
        .filter(([name, , , y]) => name === "fillText" && (y as number) > plot.top + plot.height)
        .map(([, text, x]) => ({ text: text as string, left: x as number, right: (x as number) + (text as string).length * 7 }));
    };
    const labels = labelsAt(200);
    expect(labels.length).toBeGreaterThanOrEqual(2);
    for (const [i, label] of labels.entries()) {
      expect(label.left).toBeGreaterThanOrEqual(0);
      expect(label.right).toBeLessThanOrEqual(WIDTH);
      if (i > 0) expect(label.left).toBeGreaterThan(labels[i - 1]!.right);
    }
    // one place later the same time is labelled one band further left
    const band = plotScale(plot, 66).band;
    const moved = labelsAt(201).find((label) => label.text === labels[1]!.text)!;
    expect(moved.left).toBeCloseTo(labels[1]!.left - band, 5);
  });
});

describe("round prices for the price axis", () => {
  it("steps by 1, 2, 3 or 5 times a power of ten inside the range", () => {
    expect(priceTicks(1.09885, 1.10112)).toEqual([1.099, 1.0995, 1.1, 1.1005, 1.101]);
    expect(priceTicks(86_140, 88_990)).toEqual([86_500, 87_000, 87_500, 88_000, 88_500]);
    expect(priceTicks(0.1, 0.4)).toEqual([0.15, 0.2, 0.25, 0.3, 0.35]);
  });

  it("has none for an empty or broken range", () => {
    expect(priceTicks(5, 5)).toEqual([]);
    expect(priceTicks(6, 5)).toEqual([]);
    expect(priceTicks(Number.NaN, 5)).toEqual([]);
  });
});

describe("the plot's scale", () => {
  it("maps places and prices to pixels and back", () => {
    const plot = { left: 8, top: 28, width: 310, height: 400, min: 100, max: 110 };
    const scale = plotScale(plot, 10);
    expect(scale.x(0)).toBe(8 + 15.5);
    expect(scale.y(110)).toBe(28);
    expect(scale.y(100)).toBe(428);
    expect(scale.placeAt(scale.x(7))).toBeCloseTo(7, 9);
    expect(scale.priceAt(scale.y(104.25))).toBeCloseTo(104.25, 9);
  });
});
