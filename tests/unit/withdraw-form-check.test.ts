import { describe, expect, it } from "vitest";

import type { WithdrawRules } from "#contract/withdrawal";

import { withdrawFormRefusal } from "../../src/features/withdrawal/form-check";

const rules: WithdrawRules = {
  min: "100.00",
  max: "4999.00",
  feeRate: "0.01",
  window: "09:00-21:00",
  timezone: "UTC",
  dailyCount: 3,
  usedToday: 0,
  realNameRequired: false,
};
const open = { open: true, closesAt: 1, opensAt: null };
const closed = { open: false, closesAt: null, opensAt: 2 };

describe("the withdraw form's own refusals, before the confirmation sheet", () => {
  it("lets through what the rules allow", () => {
    expect(withdrawFormRefusal(200_00, rules, open, 1000_00)).toBeNull();
    expect(withdrawFormRefusal(100_00, rules, open, 100_00)).toBeNull();
    expect(withdrawFormRefusal(4999_00, rules, open, 5000_00)).toBeNull();
  });

  it("refuses an amount outside the range, naming it", () => {
    expect(withdrawFormRefusal(99_99, rules, open, 1000_00)).toEqual({
      key: "withdraw_amount_limit",
      values: { min: "100.00", max: "4999.00" },
    });
    expect(withdrawFormRefusal(4999_01, rules, open, 10_000_00)?.key).toBe("withdraw_amount_limit");
  });

  it("refuses outside the hours, with the day's withdrawals used up, above the cash held, and before the real-name check", () => {
    expect(withdrawFormRefusal(200_00, rules, closed, 1000_00)?.key).toBe("withdraw_time_limit");
    expect(withdrawFormRefusal(200_00, { ...rules, usedToday: 3 }, open, 1000_00)?.key).toBe("withdraw_count_limit");
    expect(withdrawFormRefusal(200_00, rules, open, 199_99)?.key).toBe("balance_insufficient");
    expect(withdrawFormRefusal(200_00, { ...rules, realNameRequired: true }, open, 1000_00)?.key).toBe("withdraw_real_name_required");
  });
});
