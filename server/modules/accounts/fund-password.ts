import { and, eq } from "drizzle-orm";

import { passwordGuards } from "../../db/schema";
import type { ServiceContext } from "../context";
import { AppError } from "../errors";
import { minutesLeft, TRY_LIMIT, TRY_WINDOW_SECONDS } from "./password-guard";
import { verifyPassword } from "./passwords";
import type { UserRow } from "./sessions";

const FUND_SCOPE = "fund";

type Outcome = { ok: true } | { ok: false; error: AppError; justLocked?: boolean };

/**
 * The one check of the fund password, for every money action. Five wrong ones lock money actions for a
 * window, whoever sends them and from however many processes; the right one sent during the lock is refused
 * too, and the right one outside a lock clears the count.
 *
 * The user's guard row stays locked while the password is checked, so checks of one user's fund password run
 * one at a time everywhere: each sees every earlier wrong try, a burst of guesses gets exactly five, and a
 * burst of right passwords (a double tap, a retried form) all pass without locking anyone out. The count is
 * committed on `ctx.db`: call this outside any transaction a refusal would roll back (`onceRoute` does so for
 * once-only requests and marks the request as checked).
 */
export async function requireFundPassword(ctx: ServiceContext, user: UserRow, payPassword: string): Promise<void> {
  if (ctx.fundPasswordCheckedFor === user.id) return;
  const hash = user.payPasswordHash;
  if (!hash) throw new AppError("wrong_fund_password");
  const now = ctx.now();
  const guard = and(eq(passwordGuards.userId, user.id), eq(passwordGuards.scope, FUND_SCOPE));
  const outcome = await ctx.db.transaction(async (tx): Promise<Outcome> => {
    await tx.insert(passwordGuards).values({ userId: user.id, scope: FUND_SCOPE, tries: 0, since: now }).onConflictDoNothing();
    const [row] = await tx.select().from(passwordGuards).where(guard).for("update");
    // a window that ran out counts for nothing; a lock's window starts at the try that reached the limit
    const current = row && row.since > now - TRY_WINDOW_SECONDS ? row : { tries: 0, since: now };
    if (current.tries >= TRY_LIMIT) {
      return { ok: false, error: new AppError("fund_password_locked", { minutes: minutesLeft(current.since, now) }) };
    }
    if (await verifyPassword(payPassword, hash)) {
      await tx.delete(passwordGuards).where(guard);
      return { ok: true };
    }
    const tries = current.tries + 1;
    if (tries < TRY_LIMIT) {
      await tx.update(passwordGuards).set({ tries, since: current.since }).where(guard);
      return { ok: false, error: new AppError("wrong_fund_password") };
    }
    await tx.update(passwordGuards).set({ tries, since: now }).where(guard);
    return { ok: false, error: new AppError("fund_password_locked", { minutes: minutesLeft(now, now) }), justLocked: true };
  });
  if (outcome.ok) return;
  if (outcome.justLocked) ctx.log(`fund password of ${user.account} locked after ${TRY_LIMIT} wrong tries`);
  throw outcome.error;
}
