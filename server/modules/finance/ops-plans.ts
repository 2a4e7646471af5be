import { asc, eq, sql } from "drizzle-orm";

import { centsToDecimal } from "#contract/format";

import { financePlans, subscriptions } from "../../db/schema";
import type { ServiceContext } from "../context";

type PlanRow = typeof financePlans.$inferSelect;

/** A plan as the operator edits it: the daily rate to the millionth, the term, the minimum, on or off. */
const describe = (plan: PlanRow) => ({
  id: plan.id,
  title: plan.title,
  titleTexts: plan.titleTexts ?? {},
  dailyRate: (plan.dailyRatePpm / 1_000_000).toFixed(6),
  days: plan.days,
  minAmount: centsToDecimal(plan.minAmount),
  enabled: plan.enabled,
});

/** Every plan, disabled ones too, with how many subscriptions earn in it and their principal. */
export async function listPlansForOps(ctx: ServiceContext) {
  const plans = await ctx.db.select().from(financePlans).orderBy(asc(financePlans.days), asc(financePlans.id));
  const running = await ctx.db
    .select({
      planId: subscriptions.planId,
      count: sql<number>`count(*)::int`,
      principal: sql<string>`coalesce(sum(${subscriptions.principal} + ${subscriptions.pendingPrincipal}), 0)`,
    })
    .from(subscriptions)
    .where(eq(subscriptions.status, "earning"))
    .groupBy(subscriptions.planId);
  const byPlan = new Map(running.map((row) => [row.planId, row]));
  return plans.map((plan) => ({
    ...describe(plan),
    earning: byPlan.get(plan.id)?.count ?? 0,
    earningPrincipal: centsToDecimal(Number(byPlan.get(plan.id)?.principal ?? 0)),
  }));
}

/** One plan as it is now (the audit row's "before"), or null. */
export async function planForOps(ctx: ServiceContext, id: number) {
  const [plan] = await ctx.db.select().from(financePlans).where(eq(financePlans.id, id));
  return plan ? describe(plan) : null;
}
