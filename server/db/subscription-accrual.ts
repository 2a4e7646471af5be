import { eq } from "drizzle-orm";

import { dailyInterest } from "#contract/finance-math";

import type { Tx } from "./client";
import { type Entry, postEntries } from "./ledger";
import { subscriptions } from "./schema";

/*
 * A yuebao subscription's interest as it books: the accrual job credits it every minute for every subscription,
 * and the finance service first brings a subscription up to date before an append changes its principal. It
 * sits in the db layer, beside the ledger's writer it books through, because jobs and services both need it
 * and neither may import the other.
 */

const DAY = 86400;
type SubscriptionRow = typeof subscriptions.$inferSelect;

/**
 * Credits every whole day of interest that has passed for one earning subscription, locked by the caller.
 * The day counter moves forward only in the same update that books the interest, so a day is credited once.
 * Money appended during a day earns from the next day: the day in progress is credited on the principal
 * alone, then the pending principal joins it. At maturity the principal and profit go back to cash (or,
 * when renewing, the profit does and a new term starts).
 * Returns the days credited and the subscription as it now stands.
 */
export async function accrueSubscription(tx: Tx, sub: SubscriptionRow, now: number): Promise<{ days: number; row: SubscriptionRow }> {
  if (sub.status !== "earning" || sub.startTime === null || sub.endTime === null) return { days: 0, row: sub };
  const elapsedDays = Math.max(0, Math.min(sub.days, Math.floor((now - sub.startTime) / DAY)));
  const entries: Entry[] = [];
  const credit = (account: Entry["account"], delta: number, reason: string, reference: string, createdAt: number) =>
    entries.push({ userId: sub.userId, account, delta, reason, reference, createdAt });
  let days = 0;
  let profit = sub.profit;
  let principal = sub.principal;
  let pendingPrincipal = sub.pendingPrincipal;
  for (let day = sub.accruedDays + 1; day <= elapsedDays; day++) {
    const interest = dailyInterest(principal, sub.dailyRatePpm);
    credit("yuebao", interest, "yuebao_interest", `subscription:${sub.id}:day:${day}`, sub.startTime + day * DAY);
    profit += interest;
    principal += pendingPrincipal;
    pendingPrincipal = 0;
    days++;
  }
  const accruedDays = sub.accruedDays + days;
  let change: Partial<SubscriptionRow> = {};
  if (accruedDays >= sub.days && now >= sub.endTime) {
    const reference = `subscription:${sub.id}`;
    if (sub.renew) {
      // the profit is paid out; the principal starts a new term
      credit("yuebao", -profit, "yuebao_profit_paid", reference, now);
      credit("cash", profit, "yuebao_profit_paid", reference, now);
      change = { principal, pendingPrincipal, profit: 0, accruedDays: 0, startTime: sub.endTime, endTime: sub.endTime + sub.days * DAY };
    } else {
      const total = principal + pendingPrincipal + profit;
      credit("yuebao", -total, "yuebao_matured", reference, now);
      credit("cash", total, "yuebao_matured", reference, now);
      change = { principal: principal + pendingPrincipal, pendingPrincipal: 0, profit, accruedDays, status: "settled", settledAt: now };
    }
  } else if (days > 0) {
    change = { principal, pendingPrincipal, profit, accruedDays };
  }
  // every day's interest and the maturity in one update of the balances and one insert of the ledger rows
  await postEntries(tx, entries);
  if (Object.keys(change).length > 0) await tx.update(subscriptions).set(change).where(eq(subscriptions.id, sub.id));
  return { days, row: { ...sub, ...change } };
}
