import { and, asc, desc, eq, gt, inArray, sql, sum } from "drizzle-orm";

import type { FinancePlan, Subscription, SubscriptionStatus, YuebaoInfo } from "#contract/finance";
import { centsToDecimal } from "#contract/format";
import type { LanguageCode } from "#contract/languages";
import { localText, withTranslations } from "#contract/localized-texts";

import { financePlans, ledger, subscriptions, users } from "../../db/schema";
import { accrueSubscription } from "../../db/subscription-accrual";
import { requireFundPassword } from "../accounts/fund-password";
import type { UserRow } from "../accounts/sessions";
import { lockUnfrozenUser } from "../accounts/unfrozen-lock";
import type { ServiceContext } from "../context";
import { AppError } from "../errors";
import { moveMoney } from "../ledger/service";

const DAY = 86400;
/** 0.01: the highest daily rate a plan may pay */
const MAX_DAILY_RATE_PPM = 10_000;
const rateText = (ppm: number) => (ppm / 1_000_000).toFixed(4);
type PlanRow = typeof financePlans.$inferSelect;
type SubscriptionRow = typeof subscriptions.$inferSelect;

/** A plan's title in `language`, English when it has none there. */
const planTitle = (plan: Pick<PlanRow, "title" | "titleTexts">, language: LanguageCode) => localText(plan.title, plan.titleTexts, language);

export async function listPlans(ctx: ServiceContext, language: LanguageCode): Promise<FinancePlan[]> {
  const rows = await ctx.db.select().from(financePlans).orderBy(asc(financePlans.days), asc(financePlans.id));
  return rows.map((plan) => ({
    id: plan.id,
    title: planTitle(plan, language),
    dailyRate: rateText(plan.dailyRatePpm),
    days: plan.days,
    minAmount: centsToDecimal(plan.minAmount),
    status: plan.enabled ? "open" : "closed",
  }));
}

/** Starts earning from now when the principal reaches the plan's minimum; below it the plan is reserved. */
function termFrom(principal: number, plan: Pick<PlanRow, "minAmount" | "days">, now: number) {
  return principal >= plan.minAmount
    ? { status: "earning" as const, startTime: now, endTime: now + plan.days * DAY }
    : { status: "to_be_added" as const, startTime: null, endTime: null };
}

/** Answers the new subscription with the plan's title in the reader's `language`. */
export async function joinPlan(
  ctx: ServiceContext,
  user: UserRow,
  input: { planId: number; amount: number; payPassword: string },
  language: LanguageCode,
) {
  const { amount } = input;
  const [plan] = await ctx.db.select().from(financePlans).where(eq(financePlans.id, input.planId)).limit(1);
  if (!plan || !plan.enabled) throw new AppError("plan_not_found");
  await requireFundPassword(ctx, user, input.payPassword);
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    await lockUnfrozenUser(tx, user.id);
    const [active] = await tx
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.userId, user.id),
          eq(subscriptions.planId, plan.id),
          inArray(subscriptions.status, ["earning", "to_be_added"]),
        ),
      )
      .limit(1);
    if (active) throw new AppError("already_joined");
    const [row] = await tx
      .insert(subscriptions)
      .values({
        userId: user.id,
        planId: plan.id,
        principal: amount,
        dailyRatePpm: plan.dailyRatePpm,
        days: plan.days,
        ...termFrom(amount, plan, now),
        createdAt: now,
      })
      .returning();
    await moveMoney(
      tx,
      user.id,
      [
        { account: "cash", delta: -amount, reason: "yuebao_join" },
        { account: "yuebao", delta: amount, reason: "yuebao_join" },
      ],
      `subscription:${row!.id}`,
      now,
    );
    return toSubscription(row!, plan, [], language);
  });
}

async function ownSubscription(tx: Parameters<Parameters<ServiceContext["db"]["transaction"]>[0]>[0], user: UserRow, id: number) {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, id), eq(subscriptions.userId, user.id)))
    .for("update");
  if (!row) throw new AppError("subscription_not_found");
  if (row.status === "settled") throw new AppError("subscription_closed");
  const [plan] = await tx.select().from(financePlans).where(eq(financePlans.id, row.planId));
  return { row, plan: plan! };
}

/**
 * Adds principal. A reserved plan that reaches its minimum starts earning now, as a fresh one does. On an
 * earning plan the money earns from the next whole day of its term: the days that have passed are credited
 * first, so what is pending always belongs to the day in progress (appended exactly on a day boundary, it
 * earns that whole day).
 */
export async function appendToSubscription(ctx: ServiceContext, user: UserRow, input: { id: number; amount: number; payPassword: string }) {
  const { amount } = input;
  await requireFundPassword(ctx, user, input.payPassword);
  const now = ctx.now();
  const closed = await ctx.db.transaction(async (tx) => {
    await lockUnfrozenUser(tx, user.id);
    const owned = await ownSubscription(tx, user, input.id);
    const { plan } = owned;
    let row = owned.row;
    // a renewal starts a new term, whose own passed days are then credited too
    for (let start = row.startTime; ; start = row.startTime) {
      row = (await accrueSubscription(tx, row, now)).row;
      if (row.status !== "earning" || row.startTime === start) break;
    }
    // matured while nobody looked: the settlement stands, the money stays in cash
    if (row.status === "settled") return true;
    let change: Partial<SubscriptionRow>;
    if (row.status === "to_be_added") change = { principal: row.principal + amount, ...termFrom(row.principal + amount, plan, now) };
    else if (row.startTime! + row.accruedDays * DAY === now) change = { principal: row.principal + amount };
    else change = { pendingPrincipal: row.pendingPrincipal + amount };
    await tx.update(subscriptions).set(change).where(eq(subscriptions.id, row.id));
    await moveMoney(
      tx,
      user.id,
      [
        { account: "cash", delta: -amount, reason: "yuebao_append" },
        { account: "yuebao", delta: amount, reason: "yuebao_append" },
      ],
      `subscription:${row.id}`,
      now,
    );
    return false;
  });
  if (closed) throw new AppError("subscription_closed");
}

/** Keep: at maturity the profit is paid out and the principal rolls into a new term. */
export async function keepSubscription(ctx: ServiceContext, user: UserRow, id: number) {
  await ctx.db.transaction(async (tx) => {
    const { row } = await ownSubscription(tx, user, id);
    if (row.status === "to_be_added") throw new AppError("append_required");
    await tx.update(subscriptions).set({ renew: true }).where(eq(subscriptions.id, row.id));
  });
}

/** Stop: settles now, principal and every cent of profit so far back to cash (a reservation is refunded whole). */
export async function stopSubscription(ctx: ServiceContext, user: UserRow, input: { id: number; payPassword: string }) {
  await requireFundPassword(ctx, user, input.payPassword);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const { row } = await ownSubscription(tx, user, input.id);
    const total = row.principal + row.pendingPrincipal + row.profit;
    await tx.update(subscriptions).set({ status: "settled", settledAt: now }).where(eq(subscriptions.id, row.id));
    await moveMoney(
      tx,
      user.id,
      [
        { account: "yuebao", delta: -total, reason: "yuebao_stop" },
        { account: "cash", delta: total, reason: "yuebao_stop" },
      ],
      `subscription:${row.id}`,
      now,
    );
  });
}

function toSubscription(
  row: SubscriptionRow,
  plan: PlanRow | undefined,
  interest: Array<{ createdAt: number; delta: number }>,
  language: LanguageCode,
): Subscription {
  let cumulative = 0;
  const profitByDay = interest.map((entry, index): [number, string] => {
    cumulative += entry.delta;
    return [index + 1, centsToDecimal(cumulative)];
  });
  return {
    id: row.id,
    planId: row.planId,
    title: plan ? planTitle(plan, language) : "",
    principal: centsToDecimal(row.principal + row.pendingPrincipal),
    dailyRate: rateText(row.dailyRatePpm),
    days: row.days,
    startTime: row.startTime,
    endTime: row.endTime,
    settledTime: row.status === "settled" ? (row.settledAt ?? null) : null,
    profit: centsToDecimal(row.profit),
    profitByDay,
    status: row.status as SubscriptionStatus,
    renew: row.renew,
    minAmount: centsToDecimal(plan?.minAmount ?? 0),
  };
}

export async function yuebaoInfo(ctx: ServiceContext, user: UserRow, language: LanguageCode): Promise<YuebaoInfo> {
  // "yesterday" is the last 24 hours: the interest of the day that most recently completed
  const since = ctx.now() - DAY;
  const rows = await ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id)).orderBy(desc(subscriptions.id));
  const plans = await ctx.db.select().from(financePlans);
  const interest = await ctx.db
    .select({ reference: ledger.reference, delta: ledger.delta, createdAt: ledger.createdAt })
    .from(ledger)
    .where(and(eq(ledger.userId, user.id), eq(ledger.reason, "yuebao_interest")))
    .orderBy(asc(ledger.createdAt), asc(ledger.id));
  const [fresh] = await ctx.db.select({ yuebao: users.yuebao }).from(users).where(eq(users.id, user.id));
  const [sinceToday] = await ctx.db
    .select({ total: sum(ledger.delta) })
    .from(ledger)
    .where(and(eq(ledger.userId, user.id), eq(ledger.account, "yuebao"), gt(ledger.createdAt, since)));
  const yesterday = interest.filter((entry) => entry.createdAt > since);
  const forSubscription = (id: number) => interest.filter((entry) => entry.reference?.startsWith(`subscription:${id}:`));
  return {
    subscriptions: rows.map((row) =>
      toSubscription(
        row,
        plans.find((p) => p.id === row.planId),
        forSubscription(row.id),
        language,
      ),
    ),
    yesterdayProfit: centsToDecimal(yesterday.reduce((total, entry) => total + entry.delta, 0)),
    yesterdayBalance: centsToDecimal((fresh?.yuebao ?? 0) - Number(sinceToday?.total ?? 0)),
    totalProfit: centsToDecimal(interest.reduce((total, entry) => total + entry.delta, 0)),
    totalBalance: centsToDecimal(fresh?.yuebao ?? 0),
  };
}

/** First start: three plans for the demo. */
export async function seedPlans(ctx: Pick<ServiceContext, "db">): Promise<boolean> {
  const [existing] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(financePlans);
  if ((existing?.n ?? 0) > 0) return false;
  await ctx.db.insert(financePlans).values([
    { title: "Yuebao 7", dailyRatePpm: 800, days: 7, minAmount: 100_00 },
    { title: "Yuebao 30", dailyRatePpm: 1200, days: 30, minAmount: 500_00 },
    { title: "Yuebao 90", dailyRatePpm: 1500, days: 90, minAmount: 2_000_00 },
  ]);
  return true;
}

/** The operator's plan settings. A change applies to new subscriptions; running ones keep their terms. */
export async function setPlan(
  ctx: ServiceContext,
  input: { id?: number; title: string; dailyRate: number; days: number; minAmount: number; enabled: boolean } & Record<string, unknown>,
) {
  const [stored] = input.id ? await ctx.db.select().from(financePlans).where(eq(financePlans.id, input.id)) : [];
  const { minAmount, days, dailyRate: dailyRatePpm } = input;
  if (days < 1) throw new AppError("invalid_input", {}, "request");
  // 1% a day is already 3 780% a year compounded: anything above is a typo, not an offer
  if (dailyRatePpm <= 0 || dailyRatePpm > MAX_DAILY_RATE_PPM) throw new AppError("invalid_input", {}, "dailyRate");
  const values = {
    title: input.title,
    titleTexts: withTranslations(stored?.titleTexts, input, "title"),
    dailyRatePpm,
    days,
    minAmount,
    enabled: input.enabled,
  };
  if (input.id) {
    const [row] = await ctx.db.update(financePlans).set(values).where(eq(financePlans.id, input.id)).returning();
    if (!row) throw new AppError("plan_not_found");
    return row;
  }
  const [row] = await ctx.db.insert(financePlans).values(values).returning();
  return row;
}
