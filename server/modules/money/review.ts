import { and, desc, eq, sql } from "drizzle-orm";

import { centsToDecimal } from "#contract/format";
import { bpsToRate, parseAmount, rateToBps } from "#contract/money";
import { CARD_TYPES, type CardType } from "#contract/wallet";

import { depositChannels, recharges, users, withdrawals } from "../../db/schema";
import type { ServiceContext } from "../context";
import { AppError } from "../errors";
import { moveMoney } from "../ledger/service";
import { requireReason, sendReviewNotice, type Translate } from "../mine/review-notice";
import { payInviteBonus } from "../mine/service";
import { type MoneySettings, moneySettings, updateMoneySettings } from "./settings";

type Decision = "approve" | "reject";

/**
 * The operator's review. A request leaves `review` exactly once: the status change is conditional on the
 * current status, and the money moves in the same transaction, so a double approval credits once.
 */
export async function reviewRecharge(ctx: ServiceContext, id: number, decision: Decision, reason: string, translate: Translate) {
  requireReason(decision === "reject", reason);
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(recharges)
      .set({
        status: decision === "approve" ? "success" : "failed",
        reason: decision === "reject" ? reason.trim() : null,
        reviewedAt: now,
      })
      .where(and(eq(recharges.id, id), eq(recharges.status, "review")))
      .returning();
    if (!row) {
      const [exists] = await tx.select({ id: recharges.id }).from(recharges).where(eq(recharges.id, id));
      throw new AppError(exists ? "already_reviewed" : "record_not_found");
    }
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
    return { id: row.id, status: row.status, amount: centsToDecimal(row.amount) };
  });
}

export async function reviewWithdrawal(ctx: ServiceContext, id: number, decision: Decision, reason: string, translate: Translate) {
  requireReason(decision === "reject", reason);
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(withdrawals)
      .set({
        status: decision === "approve" ? "success" : "failed",
        reason: decision === "reject" ? reason.trim() : null,
        reviewedAt: now,
      })
      .where(and(eq(withdrawals.id, id), eq(withdrawals.status, "review")))
      .returning();
    if (!row) {
      const [exists] = await tx.select({ id: withdrawals.id }).from(withdrawals).where(eq(withdrawals.id, id));
      throw new AppError(exists ? "already_reviewed" : "record_not_found");
    }
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
    return { id: row.id, status: row.status, amount: centsToDecimal(row.amount), actual: centsToDecimal(row.actual) };
  });
}

export async function listRecharges(ctx: ServiceContext, status: string) {
  const rows = await ctx.db
    .select({ row: recharges, account: users.account })
    .from(recharges)
    .innerJoin(users, eq(users.id, recharges.userId))
    .where(status === "all" ? undefined : eq(recharges.status, status))
    .orderBy(desc(recharges.id))
    .limit(100);
  return rows.map(({ row, account }) => ({
    id: row.id,
    account,
    amount: centsToDecimal(row.amount),
    channelId: row.channelId,
    screenshot: row.screenshot,
    status: row.status,
    reason: row.reason,
    time: row.createdAt,
  }));
}

export async function listWithdrawals(ctx: ServiceContext, status: string) {
  const rows = await ctx.db
    .select({ row: withdrawals, account: users.account })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .where(status === "all" ? undefined : eq(withdrawals.status, status))
    .orderBy(desc(withdrawals.id))
    .limit(100);
  return rows.map(({ row, account }) => ({
    id: row.id,
    account,
    cardId: row.cardId,
    amount: centsToDecimal(row.amount),
    fee: centsToDecimal(row.fee),
    actual: centsToDecimal(row.actual),
    status: row.status,
    reason: row.reason,
    time: row.createdAt,
  }));
}

export async function setChannel(
  ctx: ServiceContext,
  input: { id?: string; type: string; name: string; account: string; note: string; enabled: string; qr?: string },
) {
  if (!(CARD_TYPES as readonly string[]).includes(input.type)) throw new AppError("invalid_input", {}, "type");
  const values = {
    type: input.type as CardType,
    name: input.name,
    account: input.account,
    note: input.note,
    enabled: input.enabled !== "0",
    qr: input.qr || null,
  };
  if (input.id) {
    const [row] = await ctx.db
      .update(depositChannels)
      .set(values)
      .where(eq(depositChannels.id, Number(input.id)))
      .returning();
    if (!row) throw new AppError("channel_not_found");
    return row;
  }
  const [row] = await ctx.db.insert(depositChannels).values(values).returning();
  return row;
}

/** 0.2: the withdrawal fee rate must stay below it */
const MAX_WITHDRAW_FEE_BPS = 2000;

const HHMM = /^([01]\d|2[0-4]):[0-5]\d$/;

/** Limits, window, fee, coin rate and the recharge minimum; only the fields given change. */
export async function setMoneyRules(ctx: ServiceContext, input: Record<string, string | undefined>) {
  const change: Partial<MoneySettings> = {};
  const cents = (key: string) => {
    const value = input[key];
    if (value === undefined) return undefined;
    const parsed = parseAmount(value);
    if (parsed === null) throw new AppError("invalid_input", {}, "request");
    return parsed;
  };
  const rate = (key: string) => {
    const value = input[key];
    if (value === undefined) return undefined;
    const parsed = rateToBps(value);
    if (parsed === null) throw new AppError("invalid_input", {}, key === "withdrawFeeRate" ? "withdrawFeeRate" : "request");
    return parsed;
  };
  change.withdrawMin = cents("withdrawMin");
  change.withdrawMax = cents("withdrawMax");
  change.rechargeMin = cents("rechargeMin");
  change.withdrawFeeBps = rate("withdrawFeeRate");
  // a fee of a fifth or more is not a fee; at 100% and beyond the payout would be nothing or negative
  if (change.withdrawFeeBps !== undefined && change.withdrawFeeBps >= MAX_WITHDRAW_FEE_BPS)
    throw new AppError("invalid_input", {}, "withdrawFeeRate");
  if (input.coinRate !== undefined) {
    if (!/^\d{1,6}(\.\d{1,4})?$/.test(input.coinRate) || Number(input.coinRate) <= 0) throw new AppError("invalid_input", {}, "request");
    change.coinRate = Math.round(Number(input.coinRate) * 10000);
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
  if (input.dailyCount !== undefined) {
    if (!/^\d{1,3}$/.test(input.dailyCount)) throw new AppError("invalid_input", {}, "request");
    change.dailyCount = Number(input.dailyCount);
  }
  if (input.rechargeNotice !== undefined) change.rechargeNotice = input.rechargeNotice.slice(0, 500);
  const defined = Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined)) as Partial<MoneySettings>;
  // checked before writing: a refused change must leave the rules as they were
  const merged = { ...(await moneySettings(ctx.db)), ...defined };
  if (merged.withdrawMin > merged.withdrawMax) throw new AppError("invalid_input", {}, "request");
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
    rechargeNotice: rules.rechargeNotice,
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
