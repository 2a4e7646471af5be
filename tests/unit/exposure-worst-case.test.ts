import { describe, expect, it } from "vitest";

import { worstCasePayout } from "../../server/modules/dashboard/worst-case";

const order = (direction: "up" | "down", openPrice: number, amount = 100_00, payoutBps = 8500) => ({
  direction,
  openPrice,
  amount,
  payoutBps,
  count: 1,
});

describe("the worst case of orders settling on one price", () => {
  it("counts an up and a down order that both win between their open prices (measured: shown 185, paid 370)", () => {
    // up from 10.00, down from 12.00: a settle at 11.00 pays both, 2 × (100 + 85)
    expect(worstCasePayout([order("up", 1000), order("down", 1200)])).toEqual({ payout: 370_00, settlePrice: 1001 });
  });

  it("is one side's payout when the two cannot both win", () => {
    // down from 10.00, up from 12.00: no price pays both; the larger side (or one side) is the worst
    expect(worstCasePayout([order("down", 1000), order("up", 1200)]).payout).toBe(185_00);
    expect(worstCasePayout([order("up", 1000, 100_00), order("down", 1000, 50_00)]).payout).toBe(185_00);
  });

  it("counts a tie as the stake returned, and the orders sharing a group by their count", () => {
    // at 10.00 the up order ties (100 back) while the down order from 10.01 wins 185
    const groups = [order("up", 1000), order("down", 1001), { ...order("down", 1001), count: 2 }];
    // above 10.01 only up wins (185); at 10.00 one tie and three down wins (100 + 3 × 185); below 10.00 three down wins
    expect(worstCasePayout(groups)).toEqual({ payout: 100_00 + 3 * 185_00, settlePrice: 1000 });
  });

  it("is nothing without orders", () => {
    expect(worstCasePayout([])).toEqual({ payout: 0, settlePrice: null });
  });
});
