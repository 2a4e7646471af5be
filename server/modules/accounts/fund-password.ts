import type { ServiceContext } from "../context";
import { AppError } from "../errors";
import { checkGuarded, TRY_LIMIT } from "./password-guard";
import { verifyPassword } from "./passwords";
import type { UserRow } from "./sessions";

const FUND_SCOPE = "fund";

/**
 * The one check of the fund password, for every money action: five wrong ones lock money actions for a
 * window (checkGuarded). The count is committed on `ctx.db`: call this outside any transaction a refusal
 * would roll back (`onceRoute` does so for once-only requests and marks the request as checked).
 */
export async function requireFundPassword(ctx: ServiceContext, user: UserRow, payPassword: string): Promise<void> {
  if (ctx.fundPasswordCheckedFor === user.id) return;
  const hash = user.payPasswordHash;
  if (!hash) throw new AppError("wrong_fund_password");
  await settle(ctx, user, () => verifyPassword(payPassword, hash));
}

/**
 * The fund password of a request resent with an answered requestId: the claim's stored fingerprint, not the
 * current hash, says whether it is the password the first request proved (`matches`). It is counted like any
 * other try, so the resend is no way around the limit, and during a lock even the matching one is refused,
 * so the lock confirms nothing.
 */
export async function requireReplayedFundPassword(ctx: ServiceContext, user: UserRow, matches: boolean): Promise<void> {
  await settle(ctx, user, async () => matches);
}

async function settle(ctx: ServiceContext, user: UserRow, verify: () => Promise<boolean>): Promise<void> {
  const checked = await checkGuarded(ctx, user.id, FUND_SCOPE, verify);
  if (checked.outcome === "right") return;
  if (checked.outcome === "wrong") throw new AppError("wrong_fund_password");
  if (checked.justLocked) ctx.log(`fund password of ${user.account} locked after ${TRY_LIMIT} wrong tries`);
  throw new AppError("fund_password_locked", { minutes: checked.minutes });
}
