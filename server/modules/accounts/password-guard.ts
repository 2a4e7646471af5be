import { and, eq } from "drizzle-orm";

import { LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_WINDOW_SECONDS } from "#contract/constants";

import type { Tx } from "../../db/client";
import { passwordGuards } from "../../db/schema";
import type { ServiceContext } from "../context";

/**
 * The limits of password guessing, shared by the login, the old login password of a change and the fund
 * password: wrong tries are counted in `password_guards` (one row per user and scope, `fund` or
 * `login_password`) or, for the login, `login_guards` (per name and address, login-guard.ts); each check
 * runs under a row lock so concurrent guesses see each other; the row's `since` starts the window, and the
 * try that reaches the limit restarts it as the lock's window.
 */
export const TRY_LIMIT = LOGIN_FAILURE_LIMIT;
export const TRY_WINDOW_SECONDS = LOGIN_FAILURE_WINDOW_SECONDS;

/** Whole minutes until a scope locked at `since` opens again (at least 1). */
export const minutesLeft = (since: number, now: number) => Math.max(1, Math.ceil((since + TRY_WINDOW_SECONDS - now) / 60));

export type GuardedCheck = { outcome: "right" } | { outcome: "wrong" } | { outcome: "locked"; minutes: number; justLocked: boolean };

/**
 * One check of a password a user must prove (`verify`), counted under the user's guard row of `scope`: five
 * wrong ones in a window lock the scope for a window, whoever sends them and from however many processes; the
 * right one sent during the lock is refused too (so the lock confirms nothing), and the right one outside a
 * lock clears the count.
 *
 * The guard row stays locked while the password is checked, so checks of one user's scope run one at a time
 * everywhere: each sees every earlier wrong try, a burst of guesses gets exactly five, and a burst of right
 * passwords (a double tap, a retried form) all pass without locking anyone out. The count is committed on
 * `ctx.db`: call this outside any transaction a refusal would roll back. `verify` gets the guard's transaction,
 * so what a right answer uses up (an authenticator's time step, a recovery code) commits with it.
 */
export async function checkGuarded(
  ctx: Pick<ServiceContext, "db" | "now">,
  userId: number,
  scope: string,
  verify: (tx: Tx) => Promise<boolean>,
): Promise<GuardedCheck> {
  const now = ctx.now();
  const guard = and(eq(passwordGuards.userId, userId), eq(passwordGuards.scope, scope));
  return ctx.db.transaction(async (tx): Promise<GuardedCheck> => {
    await tx.insert(passwordGuards).values({ userId, scope, tries: 0, since: now }).onConflictDoNothing();
    const [row] = await tx.select().from(passwordGuards).where(guard).for("update");
    // a window that ran out counts for nothing; a lock's window starts at the try that reached the limit
    const current = row && row.since > now - TRY_WINDOW_SECONDS ? row : { tries: 0, since: now };
    if (current.tries >= TRY_LIMIT) return { outcome: "locked", minutes: minutesLeft(current.since, now), justLocked: false };
    if (await verify(tx)) {
      await tx.delete(passwordGuards).where(guard);
      return { outcome: "right" };
    }
    const tries = current.tries + 1;
    if (tries < TRY_LIMIT) {
      await tx.update(passwordGuards).set({ tries, since: current.since }).where(guard);
      return { outcome: "wrong" };
    }
    await tx.update(passwordGuards).set({ tries, since: now }).where(guard);
    return { outcome: "locked", minutes: minutesLeft(now, now), justLocked: true };
  });
}
