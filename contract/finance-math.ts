/**
 * Yuebao interest, one implementation for the plan page's expected profit and the server's daily accrual:
 * daily rates in whole millionths (ppm), amounts in integer cents.
 */

/** A daily rate as the API writes it ("0.0012") in millionths (1200). */
export const dailyRatePpm = (rate: string) => Math.round(Number(rate) * 1_000_000);

/** One day's simple interest on the principal, rounded half up to the cent. */
export const dailyInterest = (principalCents: number, ratePpm: number) => Math.floor((principalCents * ratePpm + 500_000) / 1_000_000);

/** What a plan pays over its whole term when the principal earns every day: the daily interest × days. */
export const planProfit = (principalCents: number, ratePpm: number, days: number) => dailyInterest(principalCents, ratePpm) * days;
