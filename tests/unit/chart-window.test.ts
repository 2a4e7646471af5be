import { describe, expect, it } from "vitest";

import { CandleWindow } from "@/features/trading/candle-window";
import type { NumericCandle } from "@/features/trading/candles";
import { atLatest, MAX_VISIBLE, MIN_VISIBLE, openingView, panView, priceExtent, zoomView } from "@/features/trading/chart-view";

const minute = (index: number, low = 100, high = 110): NumericCandle => [index * 60, low + 1, high, low, high - 1];
const run = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => minute(from + i));
const times = (held: NumericCandle[]) => held.map((candle) => candle[0] / 60);

describe("the chart's view", () => {
  it("opens on the last 66 places, pans within the places there are, and zooms between the limits", () => {
    const places = 306;
    const opening = openingView(places);
    expect(opening).toEqual({ first: 240, count: 66 });
    expect(atLatest(opening, places)).toBe(true);
    expect(panView(opening, places, -100)).toEqual({ first: 140, count: 66 });
    expect(panView(opening, places, -1000)).toEqual({ first: 0, count: 66 });
    expect(panView(opening, places, 50)).toEqual(opening);
    expect(zoomView(opening, places, 0.01, 0.5).count).toBe(MIN_VISIBLE);
    expect(zoomView(opening, 5000, 100, 0.5).count).toBe(MAX_VISIBLE);
    // a history shorter than the view: all of it
    expect(openingView(20)).toEqual({ first: 0, count: 20 });
  });

  it("zooming keeps the candle under the pointer in place, and the live edge at the right", () => {
    const middle = { first: 100, count: 60 };
    const zoomed = zoomView(middle, 306, 0.5, 0.25);
    // the place a quarter in was 115; it still is a quarter in
    expect(zoomed.count).toBe(30);
    expect(Math.abs(zoomed.first + 0.25 * zoomed.count - 115)).toBeLessThanOrEqual(0.5);
    const edge = zoomView({ first: 240, count: 66 }, 306, 0.5, 0.25);
    expect(edge).toEqual({ first: 273, count: 33 });
  });

  it("fits the price axis to the visible candles and study lines only, with a margin", () => {
    const candles = [minute(0, 50, 60), minute(1, 100, 110), minute(2, 104, 120), minute(3, 1, 1000)];
    const [low, high] = priceExtent(candles, 1, 3)!;
    expect(low).toBeLessThan(100);
    expect(low).toBeGreaterThan(95);
    expect(high).toBeGreaterThan(120);
    expect(high).toBeLessThan(125);
    expect(priceExtent(candles, 1, 3, [[0, 0, 130, 0]])![1]).toBeGreaterThan(130);
    expect(priceExtent(candles, 1, 3, [[NaN, NaN, NaN, NaN]])).toEqual([low, high]);
    expect(priceExtent([], 0, 10)).toBeNull();
  });
});

describe("the window of candles", () => {
  it("prepends older pages (overlap dropped) and learns the start of history from a short page", () => {
    const held = new CandleWindow(run(1000, 1300));
    expect(held.prepend(run(500, 1001), 500, 299)).toEqual({ shift: 500, added: 500 });
    expect(times(held.candles)).toEqual(times(run(500, 1300)));
    expect(held.startReached).toBe(false);
    held.prepend(run(400, 500), 500, 299);
    expect(held.startReached).toBe(true);
    expect(held.candles[0]![0]).toBe(400 * 60);
  });

  it("keeps at most 2 000 candles: paging back drops the newest, never those on screen, and detaches from live", () => {
    const held = new CandleWindow(run(10_000, 11_800));
    for (let page = 1; page <= 3; page++) {
      const oldest = held.oldest! / 60;
      held.prepend(run(oldest - 500, oldest), 500, 100);
    }
    expect(held.candles.length).toBe(2000);
    expect(held.detached).toBe(true);
    expect(held.oldest).toBe((10_000 - 1500) * 60);
    // contiguous
    const got = times(held.candles);
    expect(got).toEqual(got.map((_, i) => got[0]! + i));
    // the candles on screen stay even over the bound (the last one on screen was index 1 800, now 2 300)
    const tight = new CandleWindow(run(0, 2000));
    tight.prepend(run(-500, 0), 500, 1800);
    expect(tight.candles.length).toBe(2301);
    expect(tight.newest).toBe(1800 * 60);
  });

  it("pages forward after a detach, drops the oldest beyond the bound, and follows live again at a short page", () => {
    const held = new CandleWindow(run(0, 2000));
    held.prepend(run(-500, 0), 500, 100);
    expect(held.detached).toBe(true);
    const newest = held.newest! / 60;
    const change = held.append(run(newest, newest + 500), 500, 1200);
    expect(change.added).toBe(499);
    expect(change.shift).toBe(-499);
    expect(held.candles.length).toBe(2000);
    expect(held.detached).toBe(true);
    held.append(run(newest + 499, newest + 510), 500, 1200);
    expect(held.detached).toBe(false);
    expect(held.newest).toBe((newest + 509) * 60);
  });

  it("a screen opened with more than the bound keeps what it opened with", () => {
    const held = new CandleWindow(run(0, 5000));
    expect(held.limit).toBe(5000);
    expect(held.trimOldest(10)).toBe(0);
  });
});
