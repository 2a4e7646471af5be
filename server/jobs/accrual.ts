import { and, eq, lte, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { ledger, subscriptions } from "../db/schema";
import { yieldToRequests } from "./yield";

const DAY = 86400;

/** Simple daily interest on the principal, rounded half up to the cent. */
export const dailyInterest = (principal: number, dailyRatePpm: number) => Math.floor((principal * dailyRatePpm + 500_000) / 1_000_000);

async function credit(tx: Tx, userId: number, account: "yuebao" | "cash", delta: number, reason: string, reference: string, now: number) {
  if (delta === 0) return;
  const target = sql.raw(account);
  await tx.execute(sql`update users set ${target} = ${target} + ${delta} where id = ${userId}`);
  await tx.insert(ledger).values({ userId, account, delta, reason, reference, createdAt: now });
}

/**
 * Credits every whole day of interest that has passed for each earning subscription, exactly once: the
 * day counter moves forward only in the same conditional update that books the interest. At maturity the
 * principal and profit go back to cash (or, when renewing, the profit does and a new term starts).
 * Catches up after downtime: all missed days are credited, each with its own ledger row.
 */
export async function accrueInterest(db: Db, now: number): Promise<number> {
  const due = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.status, "earning"), lte(subscriptions.startTime, now - DAY)));
  let credited = 0;
  for (const { id } of due) {
    await yieldToRequests();
    credited += await db.transaction(async (tx) => {
      const [sub] = await tx.select().from(subscriptions).where(and(eq(subscriptions.id, id), eq(subscriptions.status, "earning"))).for("update");
      if (!sub || sub.startTime === null || sub.endTime === null) return 0;
      const elapsedDays = Math.min(sub.days, Math.floor((now - sub.startTime) / DAY));
      let days = 0;
      let profit = sub.profit;
      for (let day = sub.accruedDays + 1; day <= elapsedDays; day++) {
        const interest = dailyInterest(sub.principal, sub.dailyRatePpm);
        await credit(tx, sub.userId, "yuebao", interest, "yuebao_interest", `subscription:${sub.id}:day:${day}`, sub.startTime + day * DAY);
        profit += interest;
        days++;
      }
      const accruedDays = sub.accruedDays + days;
      if (accruedDays >= sub.days && now >= sub.endTime) {
        const reference = `subscription:${sub.id}`;
        if (sub.renew) {
          // the profit is paid out; the principal starts a new term
          await credit(tx, sub.userId, "yuebao", -profit, "yuebao_profit_paid", reference, now);
          await credit(tx, sub.userId, "cash", profit, "yuebao_profit_paid", reference, now);
          await tx
            .update(subscriptions)
            .set({ profit: 0, accruedDays: 0, startTime: sub.endTime, endTime: sub.endTime + sub.days * DAY })
            .where(eq(subscriptions.id, sub.id));
        } else {
          await credit(tx, sub.userId, "yuebao", -(sub.principal + profit), "yuebao_matured", reference, now);
          await credit(tx, sub.userId, "cash", sub.principal + profit, "yuebao_matured", reference, now);
          await tx.update(subscriptions).set({ profit, accruedDays, status: "settled", settledAt: now }).where(eq(subscriptions.id, sub.id));
        }
      } else if (days > 0) {
        await tx.update(subscriptions).set({ profit, accruedDays }).where(eq(subscriptions.id, sub.id));
      }
      return days;
    });
  }
  return credited;
}
