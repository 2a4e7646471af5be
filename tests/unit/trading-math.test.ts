import { describe, expect, it } from "vitest";

import { applyRate, bpsToRate, formatPrice, parseAmount, parsePrice, rateToBps } from "#contract/money";
import {
  amountRange,
  expectedNetProfit,
  expectedProfit,
  netOrderChange,
  orderFee,
  orderProfit,
  orderResult,
  settlementCredit,
  ticketProblem,
} from "#contract/trading-math";

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

describe("what the customer gets", () => {
  it("nets the fee off the expected profit and off every result", () => {
    expect(expectedNetProfit(25000, 8000, 100)).toBe(19750); // 200.00 payout − 2.50 fee
    expect(netOrderChange(orderProfit("win", 10000, 8000), 100)).toBe(7900);
    expect(netOrderChange(orderProfit("tie", 10000, 8000), 100)).toBe(-100); // the fee is kept on a tie
    expect(netOrderChange(orderProfit("loss", 10000, 8000), 100)).toBe(-10100);
  });
});

describe("the ticket's rules", () => {
  const range = amountRange({ minAmount: 1000, maxAmount: 500000 }, { singleMin: 500, singleMax: 600000 });

  it("takes the tighter of the settlement time's and the product's limits", () => {
    expect(range).toEqual({ min: 1000, max: 500000 });
    expect(amountRange({ minAmount: 1000, maxAmount: 500000 }, { singleMin: 2000, singleMax: 300000 })).toEqual({ min: 2000, max: 300000 });
  });

  it("refuses what the server refuses, in the server's order, with both limits inclusive", () => {
    expect(ticketProblem(null, range, 100, null)).toEqual({ kind: "amount_invalid" });
    expect(ticketProblem(0, range, 100, null)).toEqual({ kind: "amount_too_small", min: 1000 });
    expect(ticketProblem(500, range, 100, null)).toEqual({ kind: "amount_too_small", min: 1000 });
    expect(ticketProblem(999, range, 100, null)).toEqual({ kind: "amount_too_small", min: 1000 });
    expect(ticketProblem(1000, range, 100, null)).toBeNull();
    expect(ticketProblem(500000, range, 100, null)).toBeNull();
    expect(ticketProblem(500001, range, 100, null)).toEqual({ kind: "amount_too_large", max: 500000 });
    expect(ticketProblem(600000, range, 100, 100)).toEqual({ kind: "amount_too_large", max: 500000 });
  });

  it("needs amount plus fee within the balance, when the balance is known", () => {
    expect(ticketProblem(10000, range, 100, 9900)).toEqual({ kind: "balance_insufficient", needed: 10100, balance: 9900 });
    expect(ticketProblem(10000, range, 100, 10100)).toBeNull();
    expect(ticketProblem(10000, range, 100, null)).toBeNull();
  });
});
