import { and, eq, gte, isNull, ne, or } from "drizzle-orm";

import { centsToDecimal } from "#contract/format";
import { applyRate, bpsToRate } from "#contract/money";
import type { RecordPage } from "#contract/paging";
import type { WithdrawalInfo, WithdrawalRecord } from "#contract/withdrawal";

import type { Db, Tx } from "../../db/client";
import { bankCards, users, withdrawals } from "../../db/schema";
import { freshUser } from "../accounts/fresh-user";
import { requireFundPassword } from "../accounts/fund-password";
import type { UserRow } from "../accounts/sessions";
import { lockUnfrozenUser } from "../accounts/unfrozen-lock";
import { limitText } from "../amounts";
import { listCards } from "../cards/service";
import type { ServiceContext } from "../context";
import { AppError } from "../errors";
import { tellConsoleQueueChanged } from "../events/console-events";
import { moveMoney } from "../ledger/service";
import { type MoneySettings, moneySettings, platformClock, toMinutes } from "../money/settings";
import { ownRecords } from "../own-records";
import { requireWithdrawalCode } from "../two-factor/service";
import { payoutOf, payoutSnapshot } from "./payout";

/**
 * Withdrawals the user requested today that still stand, by the platform's calendar. A rejected request, or a
 * payment that failed and returned the money, paid nothing out: counting it would spend the customer's daily
 * count on the desk's refusal, and a corrected request would wait until tomorrow.
 */
async function withdrawalsToday(db: Db | Tx, userId: number, now: number, timezone: string): Promise<number> {
  const today = platformClock(now, timezone).date;
  const recent = await db
    .select({ createdAt: withdrawals.createdAt })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.userId, userId),
        gte(withdrawals.createdAt, now - 2 * 86400),
        ne(withdrawals.status, "failed"),
        or(isNull(withdrawals.payoutState), ne(withdrawals.payoutState, "failed")),
      ),
    );
  return recent.filter((row) => platformClock(row.createdAt, timezone).date === today).length;
}

/**
 * Whether the first-withdrawal rule stops this customer: the rule is on, their real name has not passed, and no
 * withdrawal of theirs was ever approved (one that was has been seen by an operator, so later ones need not wait).
 */
async function realNameRequired(db: Db | Tx, userId: number, rules: MoneySettings): Promise<boolean> {
  if (!rules.firstWithdrawalNeedsRealName) return false;
  const [row] = await db.select({ verified: users.verified }).from(users).where(eq(users.id, userId));
  if (row?.verified) return false;
  const approved = await db
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), eq(withdrawals.status, "success")))
    .limit(1);
  return approved.length === 0;
}

export async function withdrawalInfo(ctx: ServiceContext, user: UserRow): Promise<WithdrawalInfo> {
  const rules = await moneySettings(ctx.db);
  const fresh = await freshUser(ctx, user.id);
  return {
    rules: {
      min: centsToDecimal(rules.withdrawMin),
      max: centsToDecimal(rules.withdrawMax),
      feeRate: bpsToRate(rules.withdrawFeeBps),
      window: `${rules.windowStart}-${rules.windowEnd}`,
      timezone: rules.timezone,
      dailyCount: rules.dailyCount,
      usedToday: await withdrawalsToday(ctx.db, user.id, ctx.now(), rules.timezone),
      realNameRequired: await realNameRequired(ctx.db, user.id, rules),
    },
    cards: await listCards(ctx, user),
    balance: centsToDecimal(fresh.cash),
  };
}

/** A withdrawal request: checked against every rule, then the amount moves to frozen until reviewed. */
export async function withdraw(
  ctx: ServiceContext,
  user: UserRow,
  input: { amount: number; cardId: number; payPassword: string; code?: string },
): Promise<WithdrawalRecord> {
  const { amount } = input;
  const rules = await moneySettings(ctx.db);
  const now = ctx.now();
  const { minutes } = platformClock(now, rules.timezone);
  if (minutes < toMinutes(rules.windowStart) || minutes >= toMinutes(rules.windowEnd)) throw new AppError("withdraw_time_limit");
  if (await realNameRequired(ctx.db, user.id, rules)) throw new AppError("withdraw_real_name_required");
  const cards = await ctx.db.select().from(bankCards).where(eq(bankCards.userId, user.id));
  if (cards.length === 0) throw new AppError("card_required");
  const card = cards.find((c) => c.id === input.cardId);
  if (!card) throw new AppError("card_not_found");
  if (amount < rules.withdrawMin || amount > rules.withdrawMax) {
    // the range goes with the refusal: an amount below the minimum does not "exceed" anything
    throw new AppError("withdraw_amount_limit", { min: limitText(rules.withdrawMin), max: limitText(rules.withdrawMax) });
  }
  await requireFundPassword(ctx, user, input.payPassword);
  // with two-step sign-in on, a session and the fund password are not enough to send money out
  await requireWithdrawalCode(ctx, user, input.code);
  const fee = applyRate(amount, rules.withdrawFeeBps);
  const row = await ctx.db.transaction(async (tx) => {
    // the user row lock makes the daily count hold under concurrent requests
    await lockUnfrozenUser(tx, user.id);
    // and a card removed since it was looked up above is not paid to
    const [still] = await tx.select().from(bankCards).where(eq(bankCards.id, card.id));
    if (!still) throw new AppError("card_not_found");
    if ((await withdrawalsToday(tx, user.id, now, rules.timezone)) >= rules.dailyCount) throw new AppError("withdraw_count_limit");
    const [created] = await tx
      .insert(withdrawals)
      .values({ userId: user.id, cardId: card.id, amount, fee, actual: amount - fee, createdAt: now, ...payoutSnapshot(still) })
      .returning();
    await moveMoney(
      tx,
      user.id,
      [
        { account: "cash", delta: -amount, reason: "withdrawal_request" },
        { account: "frozen", delta: amount, reason: "withdrawal_request" },
      ],
      `withdrawal:${created!.id}`,
      now,
    );
    await tellConsoleQueueChanged(tx, "withdrawal", "submitted", now);
    return created!;
  });
  return toWithdrawRecord(row);
}

function toWithdrawRecord(row: typeof withdrawals.$inferSelect): WithdrawalRecord {
  const payout = payoutOf(row);
  return {
    id: row.id,
    time: row.createdAt,
    type: payout?.channel ?? "bank",
    bankName: payout?.bank ?? "",
    // the end of the number, as the card list shows it: enough to recognise the card, never the whole number
    cardTail: payout ? payout.number.replace(/\s/g, "").slice(-4) : "",
    amount: centsToDecimal(row.amount),
    fee: centsToDecimal(row.fee),
    actual: centsToDecimal(row.actual),
    status: row.status,
    reason: row.reason,
    payout: row.payoutState,
    payoutAt: row.payoutMarkedAt,
    payoutFailure: row.payoutFailure,
  };
}

export function withdrawRecords(ctx: ServiceContext, user: UserRow, page: number): Promise<RecordPage<WithdrawalRecord>> {
  return ownRecords(ctx, withdrawals, user.id, page, toWithdrawRecord);
}
