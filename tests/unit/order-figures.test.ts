import { describe, expect, it } from "vitest";

import { liveChange, settledChange, stillHolding } from "@/api/order-figures";
import type { Order } from "#contract/trading";

import { holdingOrder } from "./order-fixture";

const order: Order = holdingOrder();

describe("order figures", () => {
  it("shows the live change of the balance, fee included, only while the order runs", () => {
    expect(liveChange(order, "101.00", 1010)).toBe(7900);
    expect(liveChange(order, "99.00", 1010)).toBe(-10100);
    expect(liveChange(order, "100.00", 1010)).toBe(-100);
    expect(liveChange(order, undefined, 1010)).toBeNull();
    // a void order was refunded: no live figure, whatever the price does
    expect(liveChange({ ...order, status: "void", voidReason: "source_switch" }, "101.00", 1010)).toBeNull();
    // after expiry the price moves on but no longer decides anything: no figure until the server's result
    expect(liveChange(order, "150.00", 1030)).toBeNull();
    expect(liveChange(order, "150.00", 1031.5)).toBeNull();
  });

  it("gives a settled order's net change: a tie loses the fee", () => {
    const settled = { ...order, status: "closed" as const, closePrice: "100.00" };
    expect(settledChange({ ...settled, result: "win", profit: "80.00" })).toBe(7900);
    expect(settledChange({ ...settled, result: "tie", profit: "0.00" })).toBe(-100);
    expect(settledChange({ ...settled, result: "loss", profit: "-100.00" })).toBe(-10100);
    expect(settledChange(order)).toBeNull();
  });

  it("drops settled orders from the holding list at once", () => {
    const other = { ...order, id: 8 };
    expect(stillHolding([order, other], new Set([7]))).toEqual([other]);
    expect(stillHolding([order, other], new Set())).toEqual([order, other]);
  });
});
