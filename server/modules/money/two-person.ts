import { and, eq, gte, inArray, isNull } from "drizzle-orm";

import type { Tx } from "../../db/client";
import { operators, recharges, users, withdrawals } from "../../db/schema";
import type { ServiceContext } from "../context";
import { AppError } from "../errors";
import { type MoneySettings, platformClock } from "./settings";

/** The review queues the two-person rule guards; their review columns are the same. */
type ReviewTable = typeof recharges | typeof withdrawals;

/**
 * Whether approving `amount` for this customer needs two people: the amount alone is above the threshold, or the
 * customer's approved total of the same kind today (this one included) is. Several requests just under the
 * threshold add up, so splitting a large sum cannot dodge the rule. The customer's row is locked first, so two
 * approvals for one customer at once count each other.
 */
export async function needsTwoPeople(
  tx: Tx,
  table: ReviewTable,
  request: { userId: number; amount: number },
  rules: Pick<MoneySettings, "dualApprovalAbove" | "timezone">,
  now: number,
): Promise<boolean> {
  if (rules.dualApprovalAbove <= 0) return false;
  if (request.amount > rules.dualApprovalAbove) return true;
  await tx.select({ id: users.id }).from(users).where(eq(users.id, request.userId)).for("update");
  const today = platformClock(now, rules.timezone).date;
  const recent = await tx
    .select({ amount: table.amount, reviewedAt: table.reviewedAt })
    .from(table)
    .where(and(eq(table.userId, request.userId), eq(table.status, "success"), gte(table.reviewedAt, now - 2 * 86400)));
  const approvedToday = recent
    .filter((row) => row.reviewedAt !== null && platformClock(row.reviewedAt, rules.timezone).date === today)
    .reduce((total, row) => total + row.amount, 0);
  return approvedToday + request.amount > rules.dualApprovalAbove;
}

/**
 * The first of two approvals: recorded, nothing moves. Taken once: two first approvers at once count once, and
 * the row must still be waiting for review.
 */
export async function recordFirstApproval(tx: Tx, table: ReviewTable, id: number, approver: string, now: number) {
  const [first] = await tx
    .update(table as typeof withdrawals)
    .set({ firstApprovedBy: approver, firstApprovedAt: now })
    .where(and(eq(table.id, id), eq(table.status, "review"), isNull(table.firstApprovedBy)))
    .returning({ id: table.id });
  if (!first) throw new AppError("already_reviewed");
}

/**
 * The final decision: the row leaves `review` once, and only if the first approval read before is still the one
 * on it. The same person cannot give both approvals, whichever way each reached the server (console or CLI:
 * both sign in as the person).
 */
export async function closeReview(
  tx: Tx,
  table: ReviewTable,
  current: { id: number; firstApprovedBy: string | null },
  decision: { approve: boolean; reason: string; secondOf: string | null; approver: string },
  now: number,
): Promise<void> {
  if (decision.approve && decision.secondOf !== null && decision.secondOf === decision.approver)
    throw new AppError("second_approval_required");
  const [row] = await tx
    .update(table as typeof withdrawals)
    .set({ status: decision.approve ? "success" : "failed", reason: decision.approve ? null : decision.reason.trim(), reviewedAt: now })
    .where(
      and(
        eq(table.id, current.id),
        eq(table.status, "review"),
        current.firstApprovedBy === null ? isNull(table.firstApprovedBy) : eq(table.firstApprovedBy, current.firstApprovedBy),
      ),
    )
    .returning({ id: table.id });
  if (!row) throw new AppError("already_reviewed");
}

/**
 * Which of these queue rows need two people, as `needsTwoPeople` would judge them if approved now (a row with a
 * first approval already does). Today's approved totals are read once for all the customers on the page.
 */
export async function awaitingTwo(
  ctx: ServiceContext,
  table: ReviewTable,
  rows: Array<{ id: number; userId: number; amount: number; status: string; firstApprovedBy: string | null }>,
  rules: Pick<MoneySettings, "dualApprovalAbove" | "timezone">,
): Promise<Set<number>> {
  const result = new Set<number>();
  if (rules.dualApprovalAbove <= 0) {
    for (const row of rows) if (row.firstApprovedBy !== null) result.add(row.id);
    return result;
  }
  const now = ctx.now();
  const today = platformClock(now, rules.timezone).date;
  const waiting = rows.filter((row) => row.status === "review");
  const userIds = [...new Set(waiting.map((row) => row.userId))];
  const approved = new Map<number, number>();
  if (userIds.length > 0) {
    const recent = await ctx.db
      .select({ userId: table.userId, amount: table.amount, reviewedAt: table.reviewedAt })
      .from(table)
      .where(and(inArray(table.userId, userIds), eq(table.status, "success"), gte(table.reviewedAt, now - 2 * 86400)));
    for (const row of recent)
      if (row.reviewedAt !== null && platformClock(row.reviewedAt, rules.timezone).date === today)
        approved.set(row.userId, (approved.get(row.userId) ?? 0) + row.amount);
  }
  for (const row of rows) {
    const total = row.status === "review" ? (approved.get(row.userId) ?? 0) + row.amount : row.amount;
    if (row.firstApprovedBy !== null || total > rules.dualApprovalAbove) result.add(row.id);
  }
  return result;
}

/** "operator:<id>" → the operator's name, for the queues to show who approved first. */
export async function approverNames(db: Pick<Tx, "select">, keys: Array<string | null>): Promise<Map<string, string>> {
  const ids = [...new Set(keys.flatMap((key) => (key?.startsWith("operator:") ? [Number(key.slice(9))] : [])))];
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: operators.id, username: operators.username }).from(operators).where(inArray(operators.id, ids));
  return new Map(rows.map((row) => [`operator:${row.id}`, row.username]));
}
