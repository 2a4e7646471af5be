import { eq } from "drizzle-orm";

import type { TotpDisableRequest } from "#contract/schemas/two-factor";
import type { TotpSetup } from "#contract/two-factor";

import type { Tx } from "../../db/client";
import { customerRecoveryCodes, customerTotp } from "../../db/schema";
import { checkGuarded, TRY_LIMIT } from "../accounts/password-guard";
import { verifyPassword } from "../accounts/passwords";
import type { UserRow } from "../accounts/sessions";
import type { ServiceContext } from "../context";
import { AppError } from "../errors";
import { newTotpSecret, totpUri } from "../totp/totp";
import { enabledTotp, newRecoveryCode, RECOVERY_CODE_COUNT, recoveryCodeHash, useEitherCode, useTotpCode } from "./codes";

/** The name an authenticator app lists the account under. */
const ISSUER = "Trading PWA";

/**
 * Wrong codes (and wrong passwords when switching off) of a signed-in customer are counted here, five in a
 * window locking the scope as the fund password's are: a stolen session is no way to guess a code.
 */
const CODE_SCOPE = "second_factor";

async function guarded(ctx: ServiceContext, user: UserRow, verify: (tx: Tx) => Promise<boolean>): Promise<void> {
  const checked = await checkGuarded(ctx, user.id, CODE_SCOPE, verify);
  if (checked.outcome === "right") return;
  if (checked.outcome === "wrong") throw new AppError("totp_wrong");
  if (checked.justLocked) ctx.log(`second-factor codes of ${user.account} locked after ${TRY_LIMIT} wrong tries`);
  throw new AppError("login_locked", { minutes: checked.minutes });
}

/**
 * A new secret to add to an authenticator app. It is not asked for until confirmed by a code (`enableTotp`);
 * while two-step sign-in is on, no new secret is made: moving it to another phone first needs switching it off,
 * which takes the password and a code.
 */
export async function setupTotp(ctx: ServiceContext, user: UserRow): Promise<TotpSetup> {
  const secret = newTotpSecret();
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(customerTotp).where(eq(customerTotp.userId, user.id)).for("update");
    if (row?.enabledAt != null) throw new AppError("totp_enabled");
    await tx
      .insert(customerTotp)
      .values({ userId: user.id, secret, enabledAt: null, lastStep: null })
      .onConflictDoUpdate({ target: customerTotp.userId, set: { secret, enabledAt: null, lastStep: null } });
  });
  return { secret, otpauthUri: totpUri(ISSUER, user.account, secret) };
}

/**
 * Switches two-step sign-in on with the app's current code, and makes ten recovery codes in the same
 * transaction: on means the codes exist. They are answered this once; only their hashes are kept.
 */
export async function enableTotp(ctx: ServiceContext, user: UserRow, code: string): Promise<{ recoveryCodes: string[] }> {
  const now = ctx.now();
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await guarded(ctx, user, async (tx) => {
    const [row] = await tx.select().from(customerTotp).where(eq(customerTotp.userId, user.id)).for("update");
    if (!row) throw new AppError("totp_not_set_up");
    if (row.enabledAt !== null) throw new AppError("totp_enabled");
    if (!(await useTotpCode(tx, row, code, now))) return false;
    await tx.update(customerTotp).set({ enabledAt: now }).where(eq(customerTotp.userId, user.id));
    await tx.delete(customerRecoveryCodes).where(eq(customerRecoveryCodes.userId, user.id));
    await tx.insert(customerRecoveryCodes).values(recoveryCodes.map((one) => ({ userId: user.id, codeHash: recoveryCodeHash(one) })));
    return true;
  });
  return { recoveryCodes };
}

/**
 * Switches two-step sign-in off: the login password and a code (the app's, or an unused recovery code for a
 * lost phone), so an open session alone cannot remove the second factor. The secret and every recovery code go.
 */
export async function disableTotp(ctx: ServiceContext, user: UserRow, input: TotpDisableRequest): Promise<void> {
  const now = ctx.now();
  // scrypt before the guard's transaction: it must not hold the row lock
  const passwordRight = await verifyPassword(input.password, user.passwordHash);
  await guarded(ctx, user, async (tx) => {
    const row = await enabledTotp(tx, user.id);
    if (!row) throw new AppError("totp_off");
    // a code is not used up by a try whose password was wrong
    if (!passwordRight || !(await useEitherCode(tx, row, input.code, now))) return false;
    await tx.delete(customerRecoveryCodes).where(eq(customerRecoveryCodes.userId, user.id));
    await tx.delete(customerTotp).where(eq(customerTotp.userId, user.id));
    return true;
  });
}

/**
 * A withdrawal of a customer with two-step sign-in on needs the app's current code (not a recovery code: those
 * are for getting back in after losing the phone). Counted like a wrong fund password; outside any transaction
 * a refusal would roll back.
 */
export async function requireWithdrawalCode(ctx: ServiceContext, user: UserRow, code: string | undefined): Promise<void> {
  const row = await enabledTotp(ctx.db, user.id);
  if (!row) return;
  if (code === undefined) throw new AppError("totp_required", {}, "code");
  const now = ctx.now();
  await guarded(ctx, user, (tx) => useTotpCode(tx, row, code, now));
}
