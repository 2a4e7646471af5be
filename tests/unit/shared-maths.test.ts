import { describe, expect, it } from "vitest";

import { dailyInterest, dailyRatePpm, planProfit } from "#contract/finance-math";
import { centsToShortDecimal, decimalToCents, ratePercent, ratePercentShort } from "#contract/format";
import { bpsToRate, coinWorthCents, exchangeAmounts } from "#contract/money";
import { orderOutcome, orderProfit, settlementCredit } from "#contract/trading-math";

import { expectedPlanProfit } from "../../src/features/finance/expected";
import { exchangePreview } from "../../src/features/wallet/WalletPage";

describe("a rate as a percentage", () => {
  it.each([
    ["0.0012", 2, "0.12"],
    ["0.85", 0, "85"],
    ["0.855", 0, "86"],
    ["0.285", 0, "29"],
    ["0.0015", 1, "0.2"],
    ["0.000125", 4, "0.0125"],
    ["0", 2, "0.00"],
  ] as const)("rounds half up to the places asked: %s to %i places is %s %%", (rate, places, percent) => {
    expect(ratePercent(rate, places)).toBe(percent);
  });

  it("drops trailing zeros on request, never a zero before the point", () => {
    const shortened = [
      ["0.015", 1],
      ["0.02", 2],
      ["0.1", 0],
      ["1", 2],
      ["0.0012", 4],
      ["0", 2],
    ] as const;
    expect(shortened.map(([rate, places]) => ratePercentShort(rate, places))).toEqual(["1.5", "2", "10", "100", "0.12", "0"]);
  });

  it("says for every rate in basis points what the pages said before, and the payout the ticket shows", () => {
    for (let bps = 0; bps <= 10_000; bps++) {
      const rate = bpsToRate(bps);
      // daily rates and the console's fee and payout columns
      expect(ratePercent(rate, 2)).toBe((Number(rate) * 100).toFixed(2));
      // the ticket's payout percentage, counted from basis points
      expect(ratePercent(rate, 0)).toBe(String(Math.round(bps / 100)));
      // the withdrawal fee (at most 20 %)
      if (bps < 2000) expect(ratePercentShort(rate, 1)).toBe(String(Math.round(Number(rate) * 1000) / 10));
    }
  });
});

describe("cents and text", () => {
  it("writes whole amounts without .00, as the ticket's steps and the server's limits", () => {
    expect(centsToShortDecimal(1000)).toBe("10");
    expect(centsToShortDecimal(1050)).toBe("10.50");
    expect(centsToShortDecimal(5)).toBe("0.05");
    expect(centsToShortDecimal(0)).toBe("0");
    expect(centsToShortDecimal(123_456_700)).toBe("1234567");
  });

  it("reads a signed decimal from the API as cents", () => {
    expect(decimalToCents("-100.00")).toBe(-10_000);
    expect(decimalToCents("80.00")).toBe(8000);
    expect(decimalToCents("0.29")).toBe(29);
  });
});

describe("an exchange", () => {
  it("rounds the side received down to the hundredth, both ways", () => {
    // 1 coin = 0.3333 U
    expect(exchangeAmounts("cash", 100, 3333)).toEqual({ cash: 100, coin: 300 });
    expect(exchangeAmounts("coin", 100, 3333)).toEqual({ cash: 33, coin: 100 });
    expect(exchangeAmounts("cash", 1, 20_000)).toEqual({ cash: 1, coin: 0 });
  });

  it("stays exact where amount × rate passes 2^53 (a Number product rounded this one up a cent)", () => {
    // 90 095 734 611.45 coin at 648.6346 cash a coin is 58 439 210 781 404.026… U: 5 843 921 078 140 402 cents
    expect(exchangeAmounts("coin", 9_009_573_461_145, 6_486_346).cash).toBe(5_843_921_078_140_402);
    expect(exchangeAmounts("cash", 99_999_999_999_999, 3333).coin).toBe(300_030_003_000_297);
  });

  it("previews in the wallet what the server books, and values coin as an exchange pays it", () => {
    for (const [amount, rate] of [
      ["10", "0.5000"],
      ["0.07", "0.3333"],
      ["1234.56", "1.2345"],
    ] as const) {
      const cents = Math.round(Number(amount) * 100);
      const bps = Math.round(Number(rate) * 10_000);
      expect(exchangePreview("cash", amount, rate)).toBe((exchangeAmounts("cash", cents, bps).coin / 100).toFixed(2));
      expect(exchangePreview("coin", amount, rate)).toBe((exchangeAmounts("coin", cents, bps).cash / 100).toFixed(2));
      expect(coinWorthCents(cents, rate)).toBe(exchangeAmounts("coin", cents, bps).cash);
    }
    expect(exchangePreview("cash", "10", "0")).toBeNull();
  });
});

describe("a plan's interest", () => {
  it("credits a day's simple interest rounded half up to the cent", () => {
    expect(dailyRatePpm("0.0012")).toBe(1200);
    expect(dailyInterest(10_000, 1200)).toBe(12);
    expect(dailyInterest(12_500, 1200)).toBe(15);
    expect(dailyInterest(1250, 1200)).toBe(2); // 1.5 cents → 2
    expect(dailyInterest(1249, 1200)).toBe(1); // 1.4988 cents → 1
  });

  it("expects over the term what the daily accrual will pay", () => {
    expect(planProfit(1250, 1200, 30)).toBe(60);
    expect(expectedPlanProfit("12.50", "0.0012", 30)).toBe("0.60");
    expect(expectedPlanProfit("1000", "0.0008", 7)).toBe("5.60");
    expect(expectedPlanProfit("x", "0.0008", 7)).toBeNull();
  });
});

describe("an order at a closing price", () => {
  const order = { direction: "up" as const, openPrice: 10_000, amountCents: 10_000, payoutBps: 8000 };

  it("gives the result, the credit and the profit the settlement books", () => {
    expect(orderOutcome(order, 10_001)).toEqual({ result: "win", credit: 18_000, profit: 8000 });
    expect(orderOutcome(order, 10_000)).toEqual({ result: "tie", credit: 10_000, profit: 0 });
    expect(orderOutcome(order, 9999)).toEqual({ result: "loss", credit: 0, profit: -10_000 });
    expect(orderOutcome({ ...order, direction: "down" }, 9999).result).toBe("win");
  });

  it("agrees with the credit and profit rules it is built from", () => {
    for (const close of [9999, 10_000, 10_001]) {
      const { result, credit, profit } = orderOutcome({ ...order, amountCents: 12_345, payoutBps: 8550 }, close);
      expect(credit).toBe(settlementCredit(result, 12_345, 8550));
      expect(profit).toBe(orderProfit(result, 12_345, 8550));
    }
  });
});
