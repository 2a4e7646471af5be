import { and, eq, sql } from "drizzle-orm";

import { centsToDecimal } from "#contract/format";
import { PRACTICE_BALANCE_CENTS } from "#contract/trading";
import type { PracticeResetResult } from "#contract/wallet";

import { recharges, users } from "../../db/schema";
import type { UserRow } from "../accounts/sessions";
import type { ServiceContext } from "../context";
import { moveMoney, openPracticeAccount } from "../ledger/service";

/**
 * The practice balance as the customer sees it. Before its first use it shows what it will open with: reading
 * never opens it, so a wallet read writes nothing; the first practice order or reset opens it with a ledger line.
 */
export function practiceBalanceText(row: { practice: number; practiceOpenedAt: number | null }): string {
  return centsToDecimal(row.practiceOpenedAt === null ? PRACTICE_BALANCE_CENTS : row.practice);
}

/** Whether any recharge of the customer's was approved: until then the app starts them on practice. */
export async function hasApprovedRecharge(ctx: ServiceContext, userId: number): Promise<boolean> {
  const [row] = await ctx.db
    .select({ one: sql<number>`1` })
    .from(recharges)
    .where(and(eq(recharges.userId, userId), eq(recharges.status, "success")))
    .limit(1);
  return row !== undefined;
}

/**
 * Sets the practice balance back to 10 000.00: under the user's row lock (so a practice order settling or being
 * placed meanwhile is either wholly before or wholly after), one `practice_reset` ledger line for the difference
 * (none when it is already 10 000.00). Opens the balance first if it was never used. Runs in the request's
 * transaction (`once`), so a repeated requestId resets once.
 */
export async function resetPractice(ctx: ServiceContext, user: UserRow): Promise<PracticeResetResult> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ practice: users.practice, openedAt: users.practiceOpenedAt })
      .from(users)
      .where(eq(users.id, user.id))
      .for("update");
    if (row!.openedAt === null) {
      await openPracticeAccount(tx, user.id, now);
    } else {
      const difference = PRACTICE_BALANCE_CENTS - row!.practice;
      await moveMoney(tx, user.id, [{ account: "practice", delta: difference, reason: "practice_reset" }], "practice", now);
    }
  });
  return { practice: centsToDecimal(PRACTICE_BALANCE_CENTS) };
}
