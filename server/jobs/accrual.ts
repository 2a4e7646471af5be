import { and, eq, lte } from "drizzle-orm";

import type { Db } from "../db/client";
import { subscriptions } from "../db/schema";
import { accrueSubscription } from "../db/subscription-accrual";
import { yieldToRequests } from "../db/yield-to-requests";

const DAY = 86400;

/**
 * Credits every whole day of interest that has passed for each earning subscription, exactly once, each
 * subscription in its own transaction. Catches up after downtime: all missed days are credited, each with
 * its own ledger row.
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
      const [sub] = await tx
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.id, id), eq(subscriptions.status, "earning")))
        .for("update");
      return sub ? (await accrueSubscription(tx, sub, now)).days : 0;
    });
  }
  return credited;
}
