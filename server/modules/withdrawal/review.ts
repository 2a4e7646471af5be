import { and, desc, eq, isNull } from "drizzle-orm";

import { centsToDecimal } from "#contract/format";
import type { ReviewStatus } from "#contract/review";

import { bankCards, users, withdrawals } from "../../db/schema";
import type { ServiceContext } from "../context";
import { AppError } from "../errors";
import { tellConsoleQueueChanged } from "../events/console-events";
import { requireReason, sendReviewNotice, type Translate } from "../inbox/review-notice";
import { moveMoney } from "../ledger/service";
import { moneySettings } from "../money/settings";
import { assertNotOwnCustomer } from "../operators/own-customer";

/**
 * The operator's review of a withdrawal, whose amount was frozen when the customer asked. It leaves `review`
 * exactly once: the status change is conditional on the current status, and the money moves in the same
 * transaction, so a double approval pays out once. Above the two-person amount the first approval is only
 * recorded, and a second, different operator pays out.
 */
export async function reviewWithdrawal(
  ctx: ServiceContext,
  id: number,
  decision: "approve" | "reject",
  reason: string,
  translate: Translate,
  /** who approves ("operator:<id>" or "token"): above the two-person amount a second, different one pays out */
  approver = "token",
) {
  requireReason(decision === "reject", reason);
  const now = ctx.now();
  const { dualApprovalAbove } = await moneySettings(ctx.db);
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id));
    if (!current) throw new AppError("record_not_found");
    if (current.status !== "review") throw new AppError("already_reviewed");
    await assertNotOwnCustomer(tx, approver, current.userId);
    const needsTwo = decision === "approve" && dualApprovalAbove > 0 && current.amount > dualApprovalAbove;
    if (needsTwo && current.firstApprovedBy === null) {
      // the first approval is recorded and nothing moves; the same row taken by two first approvers counts once
      const [first] = await tx
        .update(withdrawals)
        .set({ firstApprovedBy: approver, firstApprovedAt: now })
        .where(and(eq(withdrawals.id, id), eq(withdrawals.status, "review"), isNull(withdrawals.firstApprovedBy)))
        .returning();
      if (!first) throw new AppError("already_reviewed");
      // every other operator's queue shows the row as waiting for a second approval, without a reload
      await tellConsoleQueueChanged(tx, "withdrawal", "first_approval", now);
      return {
        id: first.id,
        status: first.status,
        amount: centsToDecimal(first.amount),
        actual: centsToDecimal(first.actual),
        secondApprovalNeeded: true,
      };
    }
    if (needsTwo && current.firstApprovedBy === approver) throw new AppError("second_approval_required");
    const [row] = await tx
      .update(withdrawals)
      .set({
        status: decision === "approve" ? "success" : "failed",
        reason: decision === "reject" ? reason.trim() : null,
        reviewedAt: now,
      })
      .where(
        and(
          eq(withdrawals.id, id),
          eq(withdrawals.status, "review"),
          // the first approval read above must still be the one on the row
          current.firstApprovedBy === null ? isNull(withdrawals.firstApprovedBy) : eq(withdrawals.firstApprovedBy, current.firstApprovedBy),
        ),
      )
      .returning();
    if (!row) throw new AppError("already_reviewed");
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

/** The queue with what paying out needs: the destination in full (bank, branch, number, holder) and the net. */
export async function listWithdrawals(ctx: ServiceContext, status: ReviewStatus | "all") {
  const rows = await ctx.db
    .select({ row: withdrawals, account: users.account, card: bankCards })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .leftJoin(bankCards, eq(bankCards.id, withdrawals.cardId))
    .where(status === "all" ? undefined : eq(withdrawals.status, status))
    .orderBy(desc(withdrawals.id))
    .limit(100);
  const { dualApprovalAbove } = await moneySettings(ctx.db);
  return rows.map(({ row, account, card }) => ({
    id: row.id,
    userId: row.userId,
    account,
    cardId: row.cardId,
    payout: card ? { channel: card.type, bank: card.bankName, branch: card.branch, number: card.number, holder: card.holder } : null,
    amount: centsToDecimal(row.amount),
    fee: centsToDecimal(row.fee),
    actual: centsToDecimal(row.actual),
    status: row.status,
    reason: row.reason,
    time: row.createdAt,
    reviewedAt: row.reviewedAt,
    needsTwoApprovals: dualApprovalAbove > 0 && row.amount > dualApprovalAbove,
    firstApprovedBy: row.firstApprovedBy,
    firstApprovedAt: row.firstApprovedAt,
  }));
}
