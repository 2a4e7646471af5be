import { desc, eq } from "drizzle-orm";

import { centsToDecimal } from "#contract/format";
import type { ReviewStatus } from "#contract/review";

import { users, withdrawals } from "../../db/schema";
import type { ServiceContext } from "../context";
import { AppError } from "../errors";
import { tellConsoleQueueChanged } from "../events/console-events";
import { requireReason, sendReviewNotice, type Translate } from "../inbox/review-notice";
import { moveMoney } from "../ledger/service";
import { moneySettings } from "../money/settings";
import { approverNames, awaitingTwo, closeReview, needsTwoPeople, recordFirstApproval } from "../money/two-person";
import { assertNotOwnCustomer } from "../operators/own-customer";
import { payoutOf } from "./payout";

/**
 * The operator's review of a withdrawal, whose amount was frozen when the customer asked. It leaves `review`
 * exactly once: the status change is conditional on the current status, and the money moves in the same
 * transaction, so a double approval pays out once. Above the two-person amount (by itself, or with what the
 * customer was paid today) the first approval is only recorded, and a second, different person pays out.
 */
export async function reviewWithdrawal(
  ctx: ServiceContext,
  id: number,
  decision: "approve" | "reject",
  reason: string,
  translate: Translate,
  /** who decides ("operator:<id>"): above the two-person amount a second, different person pays out */
  approver: string,
) {
  requireReason(decision === "reject", reason);
  const now = ctx.now();
  const rules = await moneySettings(ctx.db);
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id));
    if (!current) throw new AppError("record_not_found");
    if (current.status !== "review") throw new AppError("already_reviewed");
    await assertNotOwnCustomer(tx, approver, current.userId);
    const needsTwo = decision === "approve" && (await needsTwoPeople(tx, withdrawals, current, rules, now));
    if (needsTwo && current.firstApprovedBy === null) {
      await recordFirstApproval(tx, withdrawals, id, approver, now);
      // every other operator's queue shows the row as waiting for a second approval, without a reload
      await tellConsoleQueueChanged(tx, "withdrawal", "first_approval", now);
      return {
        id: current.id,
        status: current.status,
        amount: centsToDecimal(current.amount),
        actual: centsToDecimal(current.actual),
        secondApprovalNeeded: true,
      };
    }
    await closeReview(
      tx,
      withdrawals,
      current,
      // a first approval on the row binds whatever the rules say now: the second must come from someone else
      { approve: decision === "approve", reason, secondOf: current.firstApprovedBy, approver },
      now,
    );
    // approved is not yet paid: the payment waits for finance to mark it paid or failed (payout-steps.ts)
    if (decision === "approve") await tx.update(withdrawals).set({ payoutState: "awaiting" }).where(eq(withdrawals.id, id));
    const row = { ...current, status: decision === "approve" ? ("success" as const) : ("failed" as const) };
    const reference = `withdrawal:${row.id}`;
    // approved: the frozen amount is paid out; rejected: it returns to cash
    const movements =
      decision === "approve"
        ? [{ account: "frozen" as const, delta: -row.amount, reason: "withdrawal_paid" }]
        : [
            { account: "frozen" as const, delta: -row.amount, reason: "withdrawal_rejected" },
            { account: "cash" as const, delta: row.amount, reason: "withdrawal_rejected" },
          ];
    await moveMoney(tx, row.userId, movements, reference, now);
    await sendReviewNotice(tx, translate, {
      userId: row.userId,
      kind: decision === "approve" ? "withdrawal_approved" : "withdrawal_rejected",
      values: { amount: centsToDecimal(row.amount), actual: centsToDecimal(row.actual) },
      reason,
      now,
    });
    return {
      id: row.id,
      status: row.status,
      amount: centsToDecimal(row.amount),
      actual: centsToDecimal(row.actual),
      secondApprovalNeeded: false,
    };
  });
}

/** The queue with what paying out needs: the destination in full as it was when asked (bank, branch, number, holder) and the net. */
export async function listWithdrawals(ctx: ServiceContext, status: ReviewStatus | "all" | "awaiting_payout") {
  const rows = await ctx.db
    .select({ row: withdrawals, account: users.account })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .where(
      status === "all"
        ? undefined
        : status === "awaiting_payout"
          ? eq(withdrawals.payoutState, "awaiting")
          : eq(withdrawals.status, status),
    )
    .orderBy(desc(withdrawals.id))
    .limit(100);
  const rules = await moneySettings(ctx.db);
  const names = await approverNames(
    ctx.db,
    rows.flatMap(({ row }) => [row.firstApprovedBy, row.payoutMarkedBy]),
  );
  const twoPeople = await awaitingTwo(
    ctx,
    withdrawals,
    rows.map(({ row }) => row),
    rules,
  );
  return rows.map(({ row, account }) => ({
    id: row.id,
    userId: row.userId,
    account,
    cardId: row.cardId,
    payout: payoutOf(row),
    amount: centsToDecimal(row.amount),
    fee: centsToDecimal(row.fee),
    actual: centsToDecimal(row.actual),
    status: row.status,
    reason: row.reason,
    time: row.createdAt,
    reviewedAt: row.reviewedAt,
    needsTwoApprovals: twoPeople.has(row.id),
    firstApprovedBy: row.firstApprovedBy,
    firstApprovedByName: row.firstApprovedBy ? (names.get(row.firstApprovedBy) ?? row.firstApprovedBy) : null,
    firstApprovedAt: row.firstApprovedAt,
    payoutState: row.payoutState,
    payoutReference: row.payoutReference,
    payoutFailure: row.payoutFailure,
    payoutMarkedAt: row.payoutMarkedAt,
    payoutMarkedByName: row.payoutMarkedBy ? (names.get(row.payoutMarkedBy) ?? row.payoutMarkedBy) : null,
  }));
}
