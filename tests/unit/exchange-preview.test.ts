import { describe, expect, it } from "vitest";

import { exceedsHolding } from "../../src/features/wallet/WalletPage";

describe("the exchange preview and what the customer holds", () => {
  const wallet = { cash: "500.00", coin: "12.50" };
  it("says so when the amount is more than the side exchanged from holds", () => {
    expect(exceedsHolding("coin", "50000", wallet)).toBe(true);
    expect(exceedsHolding("coin", "12.51", wallet)).toBe(true);
    expect(exceedsHolding("cash", "500.01", wallet)).toBe(true);
  });
  it("promises nothing false for what is held, to the cent", () => {
    expect(exceedsHolding("coin", "12.50", wallet)).toBe(false);
    expect(exceedsHolding("cash", "500", wallet)).toBe(false);
    // no amount yet, or not an amount: the preview's own hint speaks
    expect(exceedsHolding("cash", "", wallet)).toBe(false);
    expect(exceedsHolding("cash", "abc", wallet)).toBe(false);
  });
});
