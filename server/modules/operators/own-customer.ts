import { and, eq } from "drizzle-orm";

import type { Db, Tx } from "../../db/client";
import { operatorCustomers } from "../../db/schema";
import { AppError } from "../errors";

/**
 * Who reviews, as each review knows them: an operator id, the two-person rule's actor key ("operator:<id>",
 * "token") or the identity. The machine token (no id) holds no customer account.
 */
export type Reviewer = number | null | string | { id: number | null };

const reviewerId = (reviewer: Reviewer): number | null => {
  if (reviewer === null || typeof reviewer === "number") return reviewer;
  if (typeof reviewer === "object") return reviewer.id;
  const match = /^operator:(\d+)$/.exec(reviewer);
  return match ? Number(match[1]) : null;
};

/**
 * Refuses a review by an operator of a customer account they hold (linked by an admin): nobody approves or
 * rejects their own recharge, withdrawal or real-name request.
 */
export async function assertNotOwnCustomer(db: Db | Tx, reviewer: Reviewer, userId: number): Promise<void> {
  const operatorId = reviewerId(reviewer);
  if (operatorId === null) return;
  const [held] = await db
    .select({ userId: operatorCustomers.userId })
    .from(operatorCustomers)
    .where(and(eq(operatorCustomers.operatorId, operatorId), eq(operatorCustomers.userId, userId)))
    .limit(1);
  if (held) throw new AppError("ops_own_customer");
}
