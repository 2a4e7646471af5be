import { parseAmount } from "#contract/money";

/** Simple interest for the whole term, as the daily accrual will pay it: amount × daily rate × days. */
export function expectedPlanProfit(amount: string, dailyRate: string, days: number): string | null {
  const cents = parseAmount(amount);
  if (cents === null) return null;
  const ppm = Math.round(Number(dailyRate) * 1_000_000);
  const perDay = Math.floor((cents * ppm + 500_000) / 1_000_000);
  return ((perDay * days) / 100).toFixed(2);
}

/** An amount under the plan's minimum only reserves a place: it earns nothing until it is topped up to the minimum. */
export function belowMinimum(amount: string, minAmount: string): boolean {
  const cents = parseAmount(amount);
  const min = parseAmount(minAmount);
  return cents !== null && cents > 0 && min !== null && cents < min;
}
