import { and, desc, eq, isNull } from "drizzle-orm";

import { centsToDecimal } from "#contract/format";
import type { ReviewStatus } from "#contract/review";

import { depositChannels, recharges, users } from "../../db/schema";
import type { ServiceContext } from "../context";
import { AppError } from "../errors";
import { tellConsoleQueueChanged } from "../events/console-events";
import { requireReason, sendReviewNotice, type Translate } from "../inbox/review-notice";
import { payInviteBonus } from "../invites/service";
import { moveMoney } from "../ledger/service";
import { moneySettings } from "../money/settings";
import { assertNotOwnCustomer } from "../operators/own-customer";

/**
 * The operator's review of a recharge. It leaves `review` exactly once: the status change is conditional on the
 * current status, and the money moves in the same transaction, so a double approval credits once. No
 * operator may approve a recharge above the recharge cap at all; above the two-person amount the first
 * approval is only recorded, and a second, different operator credits (as for withdrawals).
 */
export async function reviewRecharge(
  ctx: ServiceContext,
  id: number,
  decision: "approve" | "reject",
  reason: string,
  translate: Translate,
  /** who decides ("operator:<id>" or "token"), compared by the two-person rule */
  approver: string,
) {
  requireReason(decision === "reject", reason);
  const now = ctx.now();
  const { dualApprovalAbove, rechargeApproveMax } = await moneySettings(ctx.db);
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(recharges).where(eq(recharges.id, id));
    if (!current) throw new AppError("record_not_found");
    if (current.status !== "review") throw new AppError("already_reviewed");
    await assertNotOwnCustomer(tx, approver, current.userId);
    // a screenshot is all that backs a recharge: past the cap no single review is enough to mint the money
    if (decision === "approve" && current.amount > rechargeApproveMax)
      throw new AppError("amount_too_large", { max: centsToDecimal(rechargeApproveMax) });
    const needsTwo = decision === "approve" && dualApprovalAbove > 0 && current.amount > dualApprovalAbove;
    if (needsTwo && current.firstApprovedBy === null) {
      // the first approval is recorded and nothing moves; the same row taken by two first approvers counts once
      const [first] = await tx
        .update(recharges)
        .set({ firstApprovedBy: approver, firstApprovedAt: now })
        .where(and(eq(recharges.id, id), eq(recharges.status, "review"), isNull(recharges.firstApprovedBy)))
        .returning();
      if (!first) throw new AppError("already_reviewed");
      // every other operator's queue shows the row as waiting for a second approval, without a reload
      await tellConsoleQueueChanged(tx, "recharge", "first_approval", now);
      return { id: first.id, status: first.status, amount: centsToDecimal(first.amount), secondApprovalNeeded: true };
    }
    if (needsTwo && current.firstApprovedBy === approver) throw new AppError("second_approval_required");
    const [row] = await tx
      .update(recharges)
      .set({
        status: decision === "approve" ? "success" : "failed",
        reason: decision === "reject" ? reason.trim() : null,
        reviewedAt: now,
      })
      .where(
        and(
          eq(recharges.id, id),
          eq(recharges.status, "review"),
          // the first approval read above must still be the one on the row
          current.firstApprovedBy === null ? isNull(recharges.firstApprovedBy) : eq(recharges.firstApprovedBy, current.firstApprovedBy),
        ),
      )
      .returning();
    if (!row) throw new AppError("already_reviewed");
    if (decision === "approve") {
      await moveMoney(tx, row.userId, [{ account: "cash", delta: row.amount, reason: "recharge" }], `recharge:${row.id}`, now);
      await payInviteBonus(tx, row.userId, "first_recharge", now);
    }
    await sendReviewNotice(tx, translate, {
      userId: row.userId,
      kind: decision === "approve" ? "recharge_approved" : "recharge_rejected",
      values: { amount: centsToDecimal(row.amount) },
      reason,
      now,
    });
    return { id: row.id, status: row.status, amount: centsToDecimal(row.amount), secondApprovalNeeded: false };
  });
}

/** The operator opens a screenshot through the operator API (session cookie or token), never the customer's path. */
const operatorFileUrl = (screenshot: string) => screenshot.replace("/api/files/", "/api/ops/files/");

export async function listRecharges(ctx: ServiceContext, status: ReviewStatus | "all") {
  const rows = await ctx.db
    .select({ row: recharges, account: users.account, channel: depositChannels })
    .from(recharges)
    .innerJoin(users, eq(users.id, recharges.userId))
    .leftJoin(depositChannels, eq(depositChannels.id, recharges.channelId))
    .where(status === "all" ? undefined : eq(recharges.status, status))
    .orderBy(desc(recharges.id))
    .limit(100);
  const { dualApprovalAbove, rechargeApproveMax } = await moneySettings(ctx.db);
  return rows.map(({ row, account, channel }) => ({
    id: row.id,
    userId: row.userId,
    account,
    amount: centsToDecimal(row.amount),
    channelId: row.channelId,
    channel: channel ? { type: channel.type, name: channel.name, account: channel.account } : null,
    screenshot: row.screenshot,
    screenshotUrl: operatorFileUrl(row.screenshot),
    status: row.status,
    reason: row.reason,
    time: row.createdAt,
    reviewedAt: row.reviewedAt,
    needsTwoApprovals: dualApprovalAbove > 0 && row.amount > dualApprovalAbove,
    aboveCap: row.amount > rechargeApproveMax,
    firstApprovedBy: row.firstApprovedBy,
    firstApprovedAt: row.firstApprovedAt,
  }));
}
