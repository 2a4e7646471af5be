import { describe, expect, it } from "vitest";

import { applyRate, bpsToRate, formatPrice, parseAmount, parsePrice, rateToBps } from "#contract/money";
import { expectedProfit, orderFee, orderProfit, orderResult, settlementCredit } from "#contract/trading-math";

describe("ticket arithmetic", () => {
  it("parses amounts to cents with at most two decimals", () => {
    expect(parseAmount("100")).toBe(10000);
    expect(parseAmount("12.5")).toBe(1250);
    expect(parseAmount("0.01")).toBe(1);
    expect(parseAmount("1.234")).toBeNull();
    expect(parseAmount("-1")).toBeNull();
    expect(parseAmount("1e3")).toBeNull();
    expect(parseAmount("")).toBeNull();
  });

  it("computes fee and expected profit, rounded half up to the cent", () => {
    expect(orderFee(10000, 100)).toBe(100); // 100.00 at 1% → 1.00
    expect(orderFee(25050, 100)).toBe(251); // 250.50 → 2.5050 → 2.51
    expect(expectedProfit(10000, 8500)).toBe(8500);
    expect(expectedProfit(333, 8000)).toBe(266); // 3.33 × 0.8 = 2.664 → 2.66
    expect(applyRate(5, 5000)).toBe(3); // 0.025 → 0.03
  });

  it("shows rates as decimal strings and reads them back", () => {
    expect(bpsToRate(8500)).toBe("0.85");
    expect(bpsToRate(100)).toBe("0.01");
    expect(bpsToRate(10000)).toBe("1.0");
    expect(rateToBps("0.85")).toBe(8500);
    expect(rateToBps("0.015")).toBe(150);
  });

  it("formats and parses prices with the product's precision", () => {
    expect(formatPrice(108345, 5)).toBe("1.08345");
    expect(formatPrice(6750000, 2)).toBe("67500.00");
    expect(parsePrice("1.08345", 5)).toBe(108345);
    expect(parsePrice("151.35", 3)).toBe(151350);
  });
});

describe("settlement rules", () => {
  it("wins only strictly beyond the open in the chosen direction", () => {
    expect(orderResult("up", 100, 101)).toBe("win");
    expect(orderResult("up", 100, 99)).toBe("loss");
    expect(orderResult("down", 100, 99)).toBe("win");
    expect(orderResult("down", 100, 101)).toBe("loss");
    expect(orderResult("up", 100, 100)).toBe("tie");
    expect(orderResult("down", 100, 100)).toBe("tie");
  });

  it("credits stake + profit on a win, the stake on a tie, nothing on a loss", () => {
    expect(settlementCredit("win", 10000, 8000)).toBe(18000);
    expect(settlementCredit("tie", 10000, 8000)).toBe(10000);
    expect(settlementCredit("loss", 10000, 8000)).toBe(0);
    expect(orderProfit("win", 10000, 8000)).toBe(8000);
    expect(orderProfit("tie", 10000, 8000)).toBe(0);
    expect(orderProfit("loss", 10000, 8000)).toBe(-10000);
  });
});
