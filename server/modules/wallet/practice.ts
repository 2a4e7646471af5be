import { eq, sql } from "drizzle-orm";

import { centsToDecimal } from "#contract/format";
import { PRACTICE_BALANCE_CENTS } from "#contract/trading";
import type { PracticeResetResult } from "#contract/wallet";

import { ledger, recharges, users } from "../../db/schema";
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

/**
 * Whether real money ever came in from outside: an approved recharge, or money an operator credited (a manual
 * adjustment, the demo customer's seeded balance), which stands in for one. Until then the app starts the
 * customer on practice; bonuses (sign-in, invitations) do not count, a newcomer's first order stays play money.
 */
export async function hasApprovedRecharge(ctx: ServiceContext, userId: number): Promise<boolean> {
  const result = await ctx.db.execute(sql`
    select exists (select 1 from ${recharges} r where r.user_id = ${userId} and r.status = 'success')
        or exists (select 1 from ${ledger} l where l.user_id = ${userId} and l.account = 'cash' and l.delta > 0
                   and l.reason in ('seed', 'adjustment')) as funded`);
  const [row] = (result as unknown as { rows: Array<{ funded: boolean }> }).rows;
  return row?.funded === true;
}

/**
 * Sets the practice balance back to 10 000.00: under the user's row lock (so a practice order settling or being
 * placed meanwhile is either wholly before or wholly after), one `practice_reset` ledger line for the difference
 * (none when it is already 10 000.00). Opens the balance first if it was never used. Runs in the request's
 * transaction (`once`), so a repeated requestId resets once; the line names that requestId
 * (`practice_reset:<requestId>`), so the books alone show that no request reset twice, even across crashes.
 */
export async function resetPractice(ctx: ServiceContext, user: UserRow, requestId: string): Promise<PracticeResetResult> {
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
      await moveMoney(
        tx,
        user.id,
        [{ account: "practice", delta: difference, reason: "practice_reset" }],
        `practice_reset:${requestId}`,
        now,
      );
    }
  });
  return { practice: centsToDecimal(PRACTICE_BALANCE_CENTS) };
}
