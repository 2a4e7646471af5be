import { eq } from "drizzle-orm";

import { centsToDecimal } from "#contract/format";
import type { ListPage } from "#contract/lists";
import type { RechargeForReview } from "#contract/ops-money-answers";
import type { RechargeListFilter } from "#contract/schemas/lists";

import { depositChannels, recharges, users } from "../../db/schema";

type DepositChannel = typeof depositChannels.$inferSelect;
import type { ServiceContext } from "../context";
import { csvLines, isoTime, REQUEST_COLUMNS, requestCells } from "../csv";
import { AppError } from "../errors";
import { tellConsoleQueueChanged } from "../events/console-events";
import { requireReason, sendReviewNotice, type Translate } from "../inbox/review-notice";
import { payInviteBonus } from "../invites/service";
import { moveMoney } from "../ledger/service";
import { everyQueueRow, firstApproverName, type QueueSelect, reviewQueuePage } from "../money/review-queue";
import { moneySettings } from "../money/settings";
import { closeReview, needsTwoPeople, recordFirstApproval } from "../money/two-person";
import { assertNotOwnCustomer } from "../operators/own-customer";
import { refuseDepositOverLimits } from "../self-limits/guards";

/**
 * The operator's review of a recharge. It leaves `review` exactly once: the status change is conditional on the
 * current status, and the money moves in the same transaction, so a double approval credits once. No
 * operator may approve a recharge above the recharge cap at all; above the two-person amount (by itself, or with
 * what the customer was credited today) the first approval is only recorded, and a second, different person
 * credits (money/two-person.ts, as for withdrawals).
 */
export async function reviewRecharge(
  ctx: ServiceContext,
  id: number,
  decision: "approve" | "reject",
  reason: string,
  translate: Translate,
  /** who decides ("operator:<id>"), compared by the two-person rule */
  approver: string,
) {
  requireReason(decision === "reject", reason);
  const now = ctx.now();
  const rules = await moneySettings(ctx.db);
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(recharges).where(eq(recharges.id, id));
    if (!current) throw new AppError("record_not_found");
    if (current.status !== "review") throw new AppError("already_reviewed");
    await assertNotOwnCustomer(tx, approver, current.userId);
    // a screenshot is all that backs a recharge: past the cap no single review is enough to mint the money
    if (decision === "approve" && current.amount > rules.rechargeApproveMax)
      throw new AppError("amount_too_large", { max: centsToDecimal(rules.rechargeApproveMax) });
    if (decision === "approve") {
      // the customer's own deposit and balance limits, checked under the user's row lock as the money is credited
      const [account] = await tx.select({ cash: users.cash }).from(users).where(eq(users.id, current.userId)).for("update");
      await refuseDepositOverLimits(tx, current.userId, account?.cash ?? 0, current.amount, now, "credited");
    }
    const needsTwo = decision === "approve" && (await needsTwoPeople(tx, recharges, current, rules, now));
    if (needsTwo && current.firstApprovedBy === null) {
      await recordFirstApproval(tx, recharges, id, approver, now);
      // every other operator's queue shows the row as waiting for a second approval, without a reload
      await tellConsoleQueueChanged(tx, "recharge", "first_approval", now);
      return { id: current.id, status: current.status, amount: centsToDecimal(current.amount), secondApprovalNeeded: true };
    }
    await closeReview(
      tx,
      recharges,
      current,
      // a first approval on the row binds whatever the rules say now: the second must come from someone else
      { approve: decision === "approve", reason, secondOf: current.firstApprovedBy, approver },
      now,
    );
    const row = { ...current, status: decision === "approve" ? ("success" as const) : ("failed" as const) };
    if (decision === "approve") {
      await moveMoney(tx, row.userId, [{ account: "cash", delta: row.amount, reason: "recharge" }], `recharge:${row.id}`, now);
      await payInviteBonus(tx, row.userId, now);
    }
    await sendReviewNotice(tx, translate, {
      userId: row.userId,
      kind: decision === "approve" ? "recharge_approved" : "recharge_rejected",
      amounts: { amount: centsToDecimal(row.amount) },
      reason,
      now,
    });
    return { id: row.id, status: row.status, amount: centsToDecimal(row.amount), secondApprovalNeeded: false };
  });
}

/** The operator opens a screenshot through the operator API (session cookie or token), never the customer's path. */
const operatorFileUrl = (screenshot: string) => screenshot.replace("/api/files/", "/api/ops/files/");

/** The queue's select: the row, its customer and its deposit channel. */
const selectRecharges: QueueSelect<{
  row: typeof recharges.$inferSelect;
  account: string;
  phone: string;
  channel: DepositChannel | null;
}> = (db, where, orderBy, limit) =>
  db
    .select({ row: recharges, account: users.account, phone: users.phone, channel: depositChannels })
    .from(recharges)
    .innerJoin(users, eq(users.id, recharges.userId))
    .leftJoin(depositChannels, eq(depositChannels.id, recharges.channelId))
    .where(where)
    .orderBy(...orderBy)
    .limit(limit);

/** The recharge queue, a page at a time: filtered by status, date, amount and search, sorted by time or amount. */
export async function listRecharges(
  ctx: ServiceContext,
  filter: RechargeListFilter,
): Promise<ListPage<Omit<RechargeForReview, "signals">>> {
  return reviewQueuePage(ctx, recharges, "recharge", filter, selectRecharges, ({ row, account, channel }, state) => ({
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
    needsTwoApprovals: state.twoPeople.has(row.id),
    aboveCap: row.amount > state.rules.rechargeApproveMax,
    firstApprovedBy: row.firstApprovedBy,
    firstApprovedByName: firstApproverName(state, row.firstApprovedBy),
    firstApprovedAt: row.firstApprovedAt,
  }));
}

/** The filtered queue as CSV lines, every page of it, amounts in U and times in UTC. */
export function rechargesCsv(ctx: ServiceContext, filter: RechargeListFilter) {
  return csvLines(
    {
      columns: [...REQUEST_COLUMNS, "amount_u", "channel", "status", "reason", "reviewed_utc", "first_approved_by"],
      cells: ({ row, account, phone, channel }) => [
        ...requestCells(row, account, phone),
        centsToDecimal(row.amount),
        channel ? `${channel.type} ${channel.name}` : "",
        row.status,
        row.reason,
        isoTime(row.reviewedAt),
        row.firstApprovedBy,
      ],
    },
    everyQueueRow(ctx, recharges, "recharge", filter, selectRecharges),
  );
}
