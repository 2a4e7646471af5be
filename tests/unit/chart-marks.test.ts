import { describe, expect, it } from "vitest";

import { labelInterval, type Mark, marks, type Scene } from "@/features/trading/chart-scene";
import { drawLines, type Plot } from "@/features/trading/line-layer";

import { recordingCanvas } from "./recording-canvas";

const plot: Plot = { left: 8, top: 28, width: 310, height: 400, min: 100, max: 110 };
const view = { first: 0, count: 10 };
const noStudies = { ma: [], upper: [], lower: [] };
const scene = (over: Partial<Scene>): Scene => ({
  candles: [],
  live: true,
  view,
  period: "1m",
  precision: 2,
  chartType: "candles",
  studies: noStudies,
  price: 105,
  orders: [],
  now: 1000,
  width: 310,
  ...over,
});

describe("the chart's marks", () => {
  it("draws the live price across the plot with its label on the price axis", () => {
    const { canvas, calls } = recordingCanvas(390, 452);
    drawLines(canvas, plot, [], view, "candles", noStudies, marks(scene({ price: 105 })));
    // halfway up the 100…110 range
    expect(calls).toContainEqual(["moveTo", 8, 228]);
    expect(calls).toContainEqual(["lineTo", 318, 228]);
    const label = calls.find(([name]) => name === "fillText")!;
    expect(label[1]).toBe("105.00");
    expect(label[2]).toBeGreaterThan(plot.left + plot.width);
  });

  it("leaves out a line outside the plot, and puts an expiry's countdown over the plot's top", () => {
    const { canvas, calls } = recordingCanvas(390, 452);
    const lines: Mark[] = marks(
      scene({
        price: 120,
        candles: [[940, 1, 1, 1, 1]],
        orders: [{ id: 7, direction: "up", openPrice: 104, openTime: 990, closeTime: 1030, label: "▲ 10.00" }],
      }),
    );
    expect(lines.map((mark) => mark.name)).toEqual(["price", "entry-7", "expiry-7"]);
    drawLines(canvas, plot, [], view, "candles", noStudies, lines);
    const texts = calls.filter(([name]) => name === "fillText");
    // no price label (120 is above the range); the entry's label and the countdown (0:30) are there
    expect(texts.map(([, text]) => text)).toEqual(["▲ 10.00", "0:30"]);
    expect(texts[1]![3]).toBeLessThan(plot.top);
  });

  it("labels as many times as fit the plot's width", () => {
    expect(labelInterval(scene({ view: { first: 0, count: 66 }, width: 310 }))).toBe(19);
    expect(labelInterval(scene({ view: { first: 0, count: 3 }, width: 310 }))).toBe(0);
  });
});
