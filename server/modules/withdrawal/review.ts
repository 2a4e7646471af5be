import { eq } from "drizzle-orm";

import { centsToDecimal } from "#contract/format";
import type { ListPage } from "#contract/lists";
import type { WithdrawalForReview } from "#contract/ops-money-answers";
import type { WithdrawalListFilter } from "#contract/schemas/lists";

import { users, withdrawals } from "../../db/schema";
import type { ServiceContext } from "../context";
import { csvLines, isoTime, REQUEST_COLUMNS, requestCells } from "../csv";
import { AppError } from "../errors";
import { tellConsoleQueueChanged } from "../events/console-events";
import { requireReason, sendReviewNotice, type Translate } from "../inbox/review-notice";
import { moveMoney } from "../ledger/service";
import { everyQueueRow, firstApproverName, type QueueSelect, reviewQueuePage } from "../money/review-queue";
import { moneySettings } from "../money/settings";
import { closeReview, needsTwoPeople, recordFirstApproval } from "../money/two-person";
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
      amounts: { amount: centsToDecimal(row.amount), actual: centsToDecimal(row.actual) },
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

const selectWithdrawals: QueueSelect<{ row: typeof withdrawals.$inferSelect; account: string; phone: string }> = (
  db,
  where,
  orderBy,
  limit,
) =>
  db
    .select({ row: withdrawals, account: users.account, phone: users.phone })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .where(where)
    .orderBy(...orderBy)
    .limit(limit);

/** The queue with what paying out needs: the destination in full as it was when asked (bank, branch, number, holder) and the net. */
export async function listWithdrawals(
  ctx: ServiceContext,
  filter: WithdrawalListFilter,
): Promise<ListPage<Omit<WithdrawalForReview, "signals">>> {
  return reviewQueuePage(ctx, withdrawals, "withdrawal", filter, selectWithdrawals, ({ row, account }, state) => ({
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
    needsTwoApprovals: state.twoPeople.has(row.id),
    firstApprovedBy: row.firstApprovedBy,
    firstApprovedByName: firstApproverName(state, row.firstApprovedBy),
    firstApprovedAt: row.firstApprovedAt,
    payoutState: row.payoutState,
    payoutReference: row.payoutReference,
    payoutFailure: row.payoutFailure,
    payoutMarkedAt: row.payoutMarkedAt,
    payoutMarkedByName: firstApproverName(state, row.payoutMarkedBy),
  }));
}

/** The filtered queue as CSV lines, every page of it: what was asked, the fee, what leaves, and where to. */
export function withdrawalsCsv(ctx: ServiceContext, filter: WithdrawalListFilter) {
  return csvLines(
    {
      columns: [
        ...REQUEST_COLUMNS,
        "amount_u",
        "fee_u",
        "net_u",
        "status",
        "reason",
        "reviewed_utc",
        "first_approved_by",
        "payout_state",
        "payout_reference",
        "payout_failure",
        "payout_type",
        "bank",
        "branch",
        "holder",
        "number",
      ],
      cells: ({ row, account, phone }) => [
        ...requestCells(row, account, phone),
        centsToDecimal(row.amount),
        centsToDecimal(row.fee),
        centsToDecimal(row.actual),
        row.status,
        row.reason,
        isoTime(row.reviewedAt),
        row.firstApprovedBy,
        row.payoutState,
        row.payoutReference,
        row.payoutFailure,
        row.payoutType,
        row.payoutBank,
        row.payoutBranch,
        row.payoutHolder,
        row.payoutNumber,
      ],
    },
    everyQueueRow(ctx, withdrawals, "withdrawal", filter, selectWithdrawals),
  );
}
