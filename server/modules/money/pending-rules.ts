import { and, asc, eq, sql } from "drizzle-orm";

import type { PendingMoneyRuleChange } from "#contract/ops-money-answers";

import { moneyRuleChanges } from "../../db/schema";
import type { ServiceContext } from "../context";
import { AppError } from "../errors";
import { describeChange } from "./describe";
import { type MoneySettings, moneySettings, updateMoneySettings } from "./settings";

/** Who proposes or decides: always a person (the machine token may not change money rules). */
interface Person {
  id: number;
  username: string;
}

/** Keeps a loosening change until a different admin approves or rejects it. */
export async function proposeChange(ctx: ServiceContext, change: Partial<MoneySettings>, proposer: Person) {
  await ctx.db.insert(moneyRuleChanges).values({
    change: JSON.stringify(change),
    proposedBy: proposer.id,
    proposedByName: proposer.username,
    proposedAt: ctx.now(),
  });
}

export async function pendingChanges(ctx: ServiceContext): Promise<PendingMoneyRuleChange[]> {
  const rows = await ctx.db.select().from(moneyRuleChanges).where(eq(moneyRuleChanges.status, "pending")).orderBy(asc(moneyRuleChanges.id));
  if (rows.length === 0) return [];
  const current = await moneySettings(ctx.db);
  return rows.map((row) => ({
    id: row.id,
    change: describeChange(JSON.parse(row.change) as Partial<MoneySettings>, current),
    proposedBy: row.proposedBy,
    proposedByName: row.proposedByName,
    proposedAt: row.proposedAt,
  }));
}

/**
 * A second admin's decision on a pending change: approving applies it now, checked against the rules as they
 * are by then (a change that no longer fits is refused and stays pending); rejecting drops it. The person who
 * proposed it can do neither, and a change is decided once.
 */
export async function decideChange(
  ctx: ServiceContext,
  id: number,
  decision: "approve" | "reject",
  decider: Person,
  checkMerged: (merged: MoneySettings) => void,
) {
  const [row] = await ctx.db.select().from(moneyRuleChanges).where(eq(moneyRuleChanges.id, id));
  if (!row) throw new AppError("record_not_found");
  if (row.status !== "pending") throw new AppError("already_reviewed");
  if (row.proposedBy === decider.id) throw new AppError("second_approval_required");
  const [decided] = await ctx.db
    .update(moneyRuleChanges)
    .set({
      status: decision === "approve" ? "applied" : "rejected",
      decidedBy: decider.id,
      decidedByName: decider.username,
      decidedAt: ctx.now(),
    })
    .where(and(eq(moneyRuleChanges.id, id), eq(moneyRuleChanges.status, "pending")))
    .returning();
  if (!decided) throw new AppError("already_reviewed");
  if (decision === "approve") {
    // the settings row is read and written whole: two changes applied at once must not lose one
    await ctx.db.execute(sql`select 1 from settings where key = 'money' for update`);
    const change = JSON.parse(row.change) as Partial<MoneySettings>;
    checkMerged({ ...(await moneySettings(ctx.db)), ...change });
    await updateMoneySettings(ctx.db, change);
  }
  return { proposedBy: row.proposedByName, change: JSON.parse(row.change) as Partial<MoneySettings> };
}
