import { describe, expect, it } from "vitest";

import { closedMarkers, DOWN, labelInterval, type Mark, marks, type Scene, UP } from "@/features/trading/chart-scene";
import { drawLines, type Plot } from "@/features/trading/line-layer";

import { recordingCanvas } from "./recording-canvas";

const plot: Plot = { left: 8, top: 28, width: 310, height: 400, min: 100, max: 110 };
const view = { first: 0, count: 10 };
const noStudies = { ma: new Float64Array(0), upper: new Float64Array(0), lower: new Float64Array(0) };
const scene = (over: Partial<Scene>): Scene => ({
  candles: [],
  view,
  period: "1m",
  precision: 2,
  chartType: "candles",
  studies: noStudies,
  price: 105,
  orders: [],
  closed: [],
  preview: null,
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

  it("leaves out a line outside the plot, and puts an expiry's countdown at the plot's top, inside it", () => {
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
    // below the top edge (the candle's figures are printed above the plot), within the label's height of it
    expect(texts[1]![3]).toBeGreaterThan(plot.top);
    expect(texts[1]![3]).toBeLessThan(plot.top + 20);
  });

  it("previews the chosen settlement time as a line at the expiry an order placed now would have, labelled at the plot's foot", () => {
    // the live minute candle opened at 960 s; now is 990 s, and a 30 s order would end at 1020 s: the next candle's start
    const candles: Array<[number, number, number, number, number]> = [
      [900, 105, 105, 105, 105],
      [960, 105, 105, 105, 105],
    ];
    const lines = marks(scene({ candles, now: 990, preview: { closeTime: 1020, label: "30s" } }));
    expect(lines.map((mark) => mark.name)).toEqual(["preview-expiry", "price"]);
    // half way between the live candle (place 1) and the next (place 2)
    expect(lines[0]!.xAxis).toBe(1.5);
    expect(marks(scene({ candles, preview: null })).map((mark) => mark.name)).toEqual(["price"]);

    const { canvas, calls } = recordingCanvas(390, 452);
    drawLines(canvas, plot, [], view, "candles", noStudies, [lines[0]!]);
    const label = calls.find(([name]) => name === "fillText")!;
    expect(label[1]).toBe("30s");
    expect(label[3]).toBeGreaterThan(plot.top + plot.height - 20);
    expect(label[3]).toBeLessThan(plot.top + plot.height);
  });

  it("stacks the labels of orders expiring seconds apart or opened at one price instead of covering one with the other", () => {
    const { canvas, calls } = recordingCanvas(390, 452);
    const order = (id: number, closeTime: number) => ({
      id,
      direction: "up" as const,
      openPrice: 104,
      openTime: 990,
      closeTime,
      label: `▲ ${id}`,
    });
    const lines = marks(scene({ price: 120, candles: [[940, 1, 1, 1, 1]], orders: [order(1, 1030), order(2, 1032)] }));
    drawLines(canvas, plot, [], view, "candles", noStudies, lines);
    const y = (text: string) => calls.find(([name, shown]) => name === "fillText" && shown === text)![3] as number;
    // label height 16: the second of each pair one label lower
    expect(y("▲ 2") - y("▲ 1")).toBeGreaterThanOrEqual(16);
    expect(y("0:32") - y("0:30")).toBeGreaterThanOrEqual(16);
    // a lone label stays where it belongs
    const alone = recordingCanvas(390, 452);
    drawLines(
      alone.canvas,
      plot,
      [],
      view,
      "candles",
      noStudies,
      marks(scene({ price: 120, candles: [[940, 1, 1, 1, 1]], orders: [order(1, 1030)] })),
    );
    expect(alone.calls.find(([name, shown]) => name === "fillText" && shown === "0:30")![3]).toBe(y("0:30"));
  });

  it("labels as many times as fit the plot's width", () => {
    expect(labelInterval(scene({ view: { first: 0, count: 66 }, width: 310 }))).toBe(19);
    expect(labelInterval(scene({ view: { first: 0, count: 3 }, width: 310 }))).toBe(0);
  });

  it("marks where each order just settled opened (a ring) and closed (a dot), in its result's colour, joined by a line", () => {
    // ten minute candles from 600 s; the order opened half way into the third and closed at the start of the sixth
    const candles = Array.from({ length: 10 }, (_, i) => [600 + 60 * i, 105, 105, 105, 105] as [number, number, number, number, number]);
    const closed = [
      { id: 9, openPrice: 104, openTime: 750, closePrice: 106, closeTime: 900, result: "win" as const },
      { id: 10, openPrice: 106, openTime: 900, closePrice: 103, closeTime: 960, result: "loss" as const },
    ];
    const markers = closedMarkers(scene({ candles, closed }));
    expect(markers.map((m) => [m.name, m.kind, m.color, m.yAxis])).toEqual([
      ["opened-9", "entry", UP, 104],
      ["closed-9", "exit", UP, 106],
      ["opened-10", "entry", DOWN, 106],
      ["closed-10", "exit", DOWN, 103],
    ]);
    // a time's place: 750 s is the middle of the third candle (place 2), 900 s the start of the sixth (4.5)
    expect(markers[0]!.xAxis).toBe(2);
    expect(markers[1]!.xAxis).toBe(4.5);

    const { canvas, calls } = recordingCanvas(390, 452);
    drawLines(canvas, plot, [], view, "candles", noStudies, [], markers);
    const band = plot.width / view.count;
    const arcs = calls.filter(([name]) => name === "arc");
    expect(arcs.map(([, x, y]) => [x, y])).toEqual([
      [plot.left + 2.5 * band, 28 + 0.6 * 400],
      [plot.left + 5 * band, 28 + 0.4 * 400],
      [plot.left + 5 * band, 28 + 0.4 * 400],
      [plot.left + 6 * band, 28 + 0.7 * 400],
    ]);
    // the line from the first order's entry to its exit
    expect(calls).toContainEqual(["moveTo", plot.left + 2.5 * band, 28 + 0.6 * 400]);
    expect(calls).toContainEqual(["lineTo", plot.left + 5 * band, 28 + 0.4 * 400]);
  });

  it("leaves out a marker off the plot, and the line to it", () => {
    const { canvas, calls } = recordingCanvas(390, 452);
    const markers = closedMarkers(
      scene({
        candles: [[600, 105, 105, 105, 105]],
        closed: [{ id: 3, openPrice: 104, openTime: 600, closePrice: 130, closeTime: 630, result: "win" }],
      }),
    );
    drawLines(canvas, plot, [], view, "candles", noStudies, [], markers);
    expect(calls.filter(([name]) => name === "arc")).toHaveLength(1);
    expect(calls.filter(([name]) => name === "lineTo")).toHaveLength(0);
  });
});
