import { and, desc, eq, isNull, sql } from "drizzle-orm";

import type { CardType } from "#contract/cards";
import { PAYOUT_RATE_LIMIT_BPS } from "#contract/constants";
import { centsToDecimal } from "#contract/format";
import { withTranslations } from "#contract/localized-texts";
import { bpsToRate, rateToBps } from "#contract/money";
import type { ReviewStatus } from "#contract/review";

import { bankCards, depositChannels, recharges, users, withdrawals } from "../../db/schema";
import type { ServiceContext } from "../context";
import { AppError } from "../errors";
import { requireReason, sendReviewNotice, type Translate } from "../inbox/review-notice";
import { payInviteBonus } from "../invites/service";
import { moveMoney } from "../ledger/service";
import { parseCoinRate } from "../wallet/coin-rate";
import { requireCleanQr } from "./ops-channels";
import { type MoneySettings, moneySettings, updateMoneySettings } from "./settings";

type Decision = "approve" | "reject";

/**
 * The operator's review. A request leaves `review` exactly once: the status change is conditional on the
 * current status, and the money moves in the same transaction, so a double approval credits once. No
 * operator may approve a recharge above the recharge cap at all; above the two-person amount the first
 * approval is only recorded, and a second, different operator credits (as for withdrawals).
 */
export async function reviewRecharge(
  ctx: ServiceContext,
  id: number,
  decision: Decision,
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

export async function reviewWithdrawal(
  ctx: ServiceContext,
  id: number,
  decision: Decision,
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
    const needsTwo = decision === "approve" && dualApprovalAbove > 0 && current.amount > dualApprovalAbove;
    if (needsTwo && current.firstApprovedBy === null) {
      // the first approval is recorded and nothing moves; the same row taken by two first approvers counts once
      const [first] = await tx
        .update(withdrawals)
        .set({ firstApprovedBy: approver, firstApprovedAt: now })
        .where(and(eq(withdrawals.id, id), eq(withdrawals.status, "review"), isNull(withdrawals.firstApprovedBy)))
        .returning();
      if (!first) throw new AppError("already_reviewed");
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

export async function findChannel(ctx: ServiceContext, id: number) {
  const [row] = await ctx.db.select().from(depositChannels).where(eq(depositChannels.id, id));
  return row ?? null;
}

export async function setChannel(
  ctx: ServiceContext,
  input: {
    id?: number;
    type: CardType;
    name: string;
    account: string;
    note: string;
    enabled: boolean;
    qr?: string;
    clearQr: boolean;
  } & Record<string, unknown>,
) {
  requireCleanQr(input.qr);
  const stored = input.id ? await findChannel(ctx, input.id) : null;
  // a change without a new QR keeps the one the channel has, unless clearQr=1 removes it
  const qr = input.qr ? { qr: input.qr } : input.clearQr || !input.id ? { qr: null } : {};
  const values = {
    type: input.type,
    name: input.name,
    account: input.account,
    note: input.note,
    enabled: input.enabled,
    ...qr,
    nameTexts: withTranslations(stored?.nameTexts, input, "name"),
    noteTexts: withTranslations(stored?.noteTexts, input, "note"),
  };
  if (input.id) {
    const [row] = await ctx.db.update(depositChannels).set(values).where(eq(depositChannels.id, input.id)).returning();
    if (!row) throw new AppError("channel_not_found");
    return row;
  }
  const [row] = await ctx.db.insert(depositChannels).values(values).returning();
  return row;
}

/** 0.2: the withdrawal fee rate must stay below it */
const MAX_WITHDRAW_FEE_BPS = 2000;

const HHMM = /^([01]\d|2[0-4]):[0-5]\d$/;

/** A change of the money rules as the contract parses it: amounts in cents; the rest checked here. */
interface MoneyRulesChange {
  withdrawMin?: number;
  withdrawMax?: number;
  rechargeMin?: number;
  rechargeApproveMax?: number;
  dualApprovalAbove?: number;
  dailyCount?: number;
  withdrawFeeRate?: string;
  coinRate?: string;
  window?: string;
  timezone?: string;
  rechargeNotice?: string;
  payoutCap?: string;
}

/** Limits, window, fee, coin rate, the recharge minimum and cap; only the fields given change. */
export async function setMoneyRules(ctx: ServiceContext, input: MoneyRulesChange) {
  const change: Partial<MoneySettings> = {
    withdrawMin: input.withdrawMin,
    withdrawMax: input.withdrawMax,
    rechargeMin: input.rechargeMin,
    rechargeApproveMax: input.rechargeApproveMax,
    dualApprovalAbove: input.dualApprovalAbove,
    dailyCount: input.dailyCount,
  };
  if (input.withdrawFeeRate !== undefined) {
    const bps = rateToBps(input.withdrawFeeRate);
    if (bps === null) throw new AppError("invalid_input", {}, "withdrawFeeRate");
    change.withdrawFeeBps = bps;
  }
  // a fee of a fifth or more is not a fee; at 100% and beyond the payout would be nothing or negative
  if (change.withdrawFeeBps !== undefined && change.withdrawFeeBps >= MAX_WITHDRAW_FEE_BPS)
    throw new AppError("invalid_input", {}, "withdrawFeeRate");
  if (input.coinRate !== undefined) {
    change.coinRate = parseCoinRate(input.coinRate);
  }
  if (input.window !== undefined) {
    const [start, end] = input.window.split("-");
    if (!start || !end || !HHMM.test(start) || !HHMM.test(end) || start >= end) throw new AppError("invalid_input", {}, "request");
    change.windowStart = start;
    change.windowEnd = end;
  }
  if (input.timezone !== undefined) {
    try {
      new Intl.DateTimeFormat("en", { timeZone: input.timezone });
    } catch {
      throw new AppError("invalid_input", {}, "request");
    }
    change.timezone = input.timezone;
  }
  if (input.payoutCap !== undefined) {
    // a rate of 1 or more would let an up and a down order on one tick make money without risk
    const bps = rateToBps(input.payoutCap);
    if (bps === null || bps <= 0 || bps >= PAYOUT_RATE_LIMIT_BPS) throw new AppError("invalid_input", {}, "payoutCap");
    change.payoutCapBps = bps;
  }
  if (input.rechargeNotice !== undefined) change.rechargeNotice = input.rechargeNotice.slice(0, 500);
  const defined = Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined)) as Partial<MoneySettings>;
  // checked before writing: a refused change must leave the rules as they were
  const merged = { ...(await moneySettings(ctx.db)), ...defined };
  if (merged.withdrawMin > merged.withdrawMax) throw new AppError("invalid_input", {}, "request");
  // a cap of nothing would refuse every recharge; to stop approvals, close the deposit channels
  if (merged.rechargeApproveMax <= 0) throw new AppError("invalid_input", {}, "request");
  return describeRules(await updateMoneySettings(ctx.db, defined));
}

export async function moneyRules(ctx: ServiceContext) {
  return describeRules(await moneySettings(ctx.db));
}

function describeRules(rules: MoneySettings) {
  return {
    coinRate: (rules.coinRate / 10000).toFixed(4),
    withdrawMin: centsToDecimal(rules.withdrawMin),
    withdrawMax: centsToDecimal(rules.withdrawMax),
    withdrawFeeRate: bpsToRate(rules.withdrawFeeBps),
    window: `${rules.windowStart}-${rules.windowEnd}`,
    timezone: rules.timezone,
    dailyCount: rules.dailyCount,
    rechargeMin: centsToDecimal(rules.rechargeMin),
    rechargeApproveMax: centsToDecimal(rules.rechargeApproveMax),
    rechargeNotice: rules.rechargeNotice,
    dualApprovalAbove: centsToDecimal(rules.dualApprovalAbove),
    payoutCap: bpsToRate(rules.payoutCapBps),
  };
}

/** Every balance must equal the sum of its ledger rows; anything else is drift, listed per user and account. */
export async function reconcile(ctx: ServiceContext) {
  const result = (await ctx.db.execute(sql`
    select u.id, u.account,
      u.cash, coalesce(sum(l.delta) filter (where l.account = 'cash'), 0) as ledger_cash,
      u.coin, coalesce(sum(l.delta) filter (where l.account = 'coin'), 0) as ledger_coin,
      u.frozen, coalesce(sum(l.delta) filter (where l.account = 'frozen'), 0) as ledger_frozen,
      u.yuebao, coalesce(sum(l.delta) filter (where l.account = 'yuebao'), 0) as ledger_yuebao
    from users u left join ledger l on l.user_id = u.id
    group by u.id order by u.id`)) as unknown as { rows: Array<Record<string, string | number>> };
  const drift: Array<{ account: string; balance: string; expected: string; ledger: string }> = [];
  let negative = 0;
  for (const row of result.rows) {
    for (const account of ["cash", "coin", "frozen", "yuebao"]) {
      const balance = Number(row[account]);
      const ledger = Number(row[`ledger_${account}`]);
      if (balance < 0) negative++;
      if (balance !== ledger)
        drift.push({
          account: `${row.account}:${account}`,
          balance: centsToDecimal(balance),
          expected: centsToDecimal(ledger),
          ledger: account,
        });
    }
  }
  return { users: result.rows.length, drift, negativeBalances: negative, ok: drift.length === 0 && negative === 0 };
}
