import { dailyRatePpm, planProfit } from "#contract/finance-math";
import { parseAmount } from "#contract/money";

/** Simple interest for the whole term, as the daily accrual will pay it: amount × daily rate × days. */
export function expectedPlanProfit(amount: string, dailyRate: string, days: number): string | null {
  const cents = parseAmount(amount);
  if (cents === null) return null;
  // not centsToDecimal: a preview of an absurd amount is shown, not thrown, when it leaves the safe integers
  return (planProfit(cents, dailyRatePpm(dailyRate), days) / 100).toFixed(2);
}

/** An amount under the plan's minimum only reserves a place: it earns nothing until it is topped up to the minimum. */
export function belowMinimum(amount: string, minAmount: string): boolean {
  const cents = parseAmount(amount);
  const min = parseAmount(minAmount);
  return cents !== null && cents > 0 && min !== null && cents < min;
}
