import type { ServiceContext } from "../context";
import { AppError } from "../errors";
import { countTry, forgive, minutesLeft, overLimit, reachedLimit, startLock } from "./password-guard";
import { verifyPassword } from "./passwords";
import type { UserRow } from "./sessions";

const FUND_SCOPE = "fund";

/**
 * The one check of the fund password, for every money action: five wrong ones lock money actions for a
 * window, whoever sends them and from however many processes; the right one sent during the lock is
 * refused too, and the right one outside a lock clears the count.
 */
export async function requireFundPassword(ctx: ServiceContext, user: UserRow, payPassword: string): Promise<void> {
  if (!user.payPasswordHash) throw new AppError("wrong_fund_password");
  const now = ctx.now();
  const attempt = await countTry(ctx.db, user.id, FUND_SCOPE, now);
  if (overLimit(attempt)) throw new AppError("fund_password_locked", { minutes: minutesLeft(attempt.since, now) });
  if (await verifyPassword(payPassword, user.payPasswordHash)) {
    await forgive(ctx.db, user.id, attempt);
    return;
  }
  if (reachedLimit(attempt)) {
    await startLock(ctx.db, user.id, attempt, now);
    ctx.log(`fund password of ${user.account} locked after ${attempt.number} wrong tries`);
    throw new AppError("fund_password_locked", { minutes: minutesLeft(now, now) });
  }
  throw new AppError("wrong_fund_password");
}
