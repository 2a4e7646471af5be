import { describe, expect, it } from "vitest";

import { type Drawing, loadDrawings, MAX_DRAWINGS, movedDrawing, saveDrawings } from "@/features/trading/drawings";

const hline: Drawing = { id: "a", kind: "hline", price: 100.5 };
const trend: Drawing = { id: "b", kind: "trend", from: { time: 1000, price: 100 }, to: { time: 1600, price: 104 } };

describe("the customer's chart drawings", () => {
  it("are kept per product on the device, and cleared when the last is deleted", async () => {
    await saveDrawings(1, [hline, trend]);
    await saveDrawings(2, [trend]);
    expect(await loadDrawings(1)).toEqual([hline, trend]);
    expect(await loadDrawings(2)).toEqual([trend]);
    expect(await loadDrawings(3)).toEqual([]);
    await saveDrawings(1, []);
    expect(await loadDrawings(1)).toEqual([]);
  });

  it("keep the newest twenty, and drop what is not a drawing", async () => {
    const many = Array.from({ length: MAX_DRAWINGS + 3 }, (_, i): Drawing => ({ id: `h${i}`, kind: "hline", price: i }));
    await saveDrawings(4, [...many, { id: "x", kind: "hline", price: Number.NaN }, { kind: "trend" } as unknown as Drawing]);
    const kept = await loadDrawings(4);
    expect(kept.map((d) => d.id)).toEqual(many.slice(-(MAX_DRAWINGS - 2)).map((d) => d.id));
  });

  it("move: a horizontal line by the price dragged, a trend line whole or by one end", () => {
    expect(movedDrawing(hline, "line", 60, 1.5)).toEqual({ ...hline, price: 102 });
    expect(movedDrawing(trend, "line", 60, 1)).toEqual({ ...trend, from: { time: 1060, price: 101 }, to: { time: 1660, price: 105 } });
    expect(movedDrawing(trend, "to", 60, 1)).toEqual({ ...trend, to: { time: 1660, price: 105 } });
    expect(movedDrawing(trend, "from", -60, -1)).toEqual({ ...trend, from: { time: 940, price: 99 } });
  });
});
