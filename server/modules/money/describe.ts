import { centsToDecimal } from "#contract/format";
import { bpsToRate } from "#contract/money";

import type { MoneySettings } from "./settings";

/** The stored settings as the API writes them (amounts and rates as decimal text). */
export function describeRules(rules: MoneySettings) {
  return {
    coinRate: (rules.coinRate / 10000).toFixed(4),
    withdrawMin: centsToDecimal(rules.withdrawMin),
    withdrawMax: centsToDecimal(rules.withdrawMax),
    withdrawFeeRate: bpsToRate(rules.withdrawFeeBps),
    window: `${rules.windowStart}-${rules.windowEnd}`,
    timezone: rules.timezone,
    dailyCount: rules.dailyCount,
    rechargeMin: centsToDecimal(rules.rechargeMin),
    rechargeApproveMax: centsToDecimal(rules.rechargeApproveMax),
    rechargeNotice: rules.rechargeNotice,
    dualApprovalAbove: centsToDecimal(rules.dualApprovalAbove),
    payoutCap: bpsToRate(rules.payoutCapBps),
    firstWithdrawalRealName: rules.firstWithdrawalNeedsRealName,
  };
}

/** Only the fields a change holds, written as the rules are (a window's two ends as one "HH:MM-HH:MM"). */
export function describeChange(change: Partial<MoneySettings>, current: MoneySettings): Record<string, string | number | boolean> {
  const described: Record<string, string | number | boolean> = describeRules({ ...current, ...change });
  const fields: Record<string, Array<keyof MoneySettings>> = {
    coinRate: ["coinRate"],
    withdrawMin: ["withdrawMin"],
    withdrawMax: ["withdrawMax"],
    withdrawFeeRate: ["withdrawFeeBps"],
    window: ["windowStart", "windowEnd"],
    timezone: ["timezone"],
    dailyCount: ["dailyCount"],
    rechargeMin: ["rechargeMin"],
    rechargeApproveMax: ["rechargeApproveMax"],
    rechargeNotice: ["rechargeNotice"],
    dualApprovalAbove: ["dualApprovalAbove"],
    payoutCap: ["payoutCapBps"],
    firstWithdrawalRealName: ["firstWithdrawalNeedsRealName"],
  };
  return Object.fromEntries(
    Object.entries(fields)
      .filter(([, stored]) => stored.some((field) => change[field] !== undefined))
      .map(([name]) => [name, described[name]!]),
  );
}
