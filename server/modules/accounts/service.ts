import { eq, sql } from "drizzle-orm";

import type { SessionAnswer } from "#contract/accounts";
import type { LanguageCode } from "#contract/languages";
import type { ChangeLoginPasswordRequest, ChangePayPasswordRequest, LoginRequest, RegisterRequest } from "#contract/schemas/accounts";

import type { Tx } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { users } from "../../db/schema";
import type { ServiceContext } from "../context";
import { recordSignIn, type SignInSeen } from "../customers/sign-ins";
import { AppError } from "../errors";
import type { Translate } from "../inbox/customer-message";
import { barredLoginUntil, selfExcluded } from "../self-limits/guards";
import { enabledTotp, useEitherCode } from "../two-factor/codes";
import { requireFundPassword } from "./fund-password";
import { checkLogin } from "./login-guard";
import { tellOfNewDevice } from "./new-device";
import { checkGuarded, TRY_LIMIT } from "./password-guard";
import { hashPassword, UNKNOWN_ACCOUNT_HASH, verifyPassword } from "./passwords";
import { normalisedPhone } from "./phone";
import { createSession, lockedNow, revokeOtherSessions, type UserRow } from "./sessions";
import { consumeVerificationCode } from "./sms";
import { newInviteCode } from "./tokens";
import { toUserInfo } from "./user-info";

const sameAccount = (account: string) => eq(sql`lower(${users.account})`, account.toLowerCase());

export async function findUserByAccount(ctx: Pick<ServiceContext, "db">, account: string): Promise<UserRow | undefined> {
  const [user] = await ctx.db.select().from(users).where(sameAccount(account)).limit(1);
  return user;
}

async function uniqueInviteCode(tx: Tx): Promise<string> {
  for (;;) {
    const code = newInviteCode();
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.inviteCode, code)).limit(1);
    if (!taken) return code;
  }
}

/**
 * Registers a customer reading `language` (the app's, sent with the form): the server writes their messages in
 * it from the first one on. `seen` is where the registration came from (address, device), for the desk's signals.
 */
export async function registerUser(
  ctx: ServiceContext,
  input: RegisterRequest,
  language: LanguageCode,
  seen: SignInSeen & { userAgent: string | null },
): Promise<SessionAnswer> {
  const now = ctx.now();
  // Hash before the transaction: scrypt is slow on purpose and must not hold locks.
  const [passwordHash, payPasswordHash] = await Promise.all([hashPassword(input.password), hashPassword(input.payPassword)]);
  try {
    return await ctx.db.transaction(async (tx) => {
      // the phone's code and the invitation first: without them, nothing says whether the name is taken
      await consumeVerificationCode(tx, input.phone, input.smsCode, now);
      const [inviter] = await tx
        .select({ id: users.id, locked: users.locked, lockedUntil: users.lockedUntil })
        .from(users)
        .where(eq(users.inviteCode, input.inviteCode.toUpperCase()))
        .limit(1);
      if (!inviter || lockedNow(inviter, now)) throw new AppError("invalid_inviter");
      const verifiedPhone = normalisedPhone(input.phone);
      const [holder] = await tx.select({ id: users.id }).from(users).where(eq(users.verifiedPhone, verifiedPhone)).limit(1);
      if (holder) throw new AppError("phone_taken");
      const [existing] = await tx.select({ id: users.id }).from(users).where(sameAccount(input.account)).limit(1);
      if (existing) throw new AppError("account_exists");
      const [user] = await tx
        .insert(users)
        .values({
          account: input.account,
          passwordHash,
          payPasswordHash,
          phone: input.phone,
          verifiedPhone,
          inviteCode: await uniqueInviteCode(tx),
          inviterId: inviter.id,
          language,
          createdAt: now,
        })
        .returning();
      if (!user) throw new AppError("registration_failed");
      await recordSignIn(tx, user.id, "register", seen, now);
      const token = await createSession(tx, user.id, now, { userAgent: seen.userAgent, address: seen.ip });
      return { token, user: toUserInfo(user) };
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    // a concurrent registration of the same account, in any letter case, loses on a unique index
    if (isUniqueViolation(error, ["users_account_unique", "users_account_lower_unique"])) throw new AppError("account_exists");
    // and of the same phone number, written the same way or another
    if (isUniqueViolation(error, ["users_verified_phone_unique"])) throw new AppError("phone_taken");
    ctx.log(`registration failed: ${String(error)}`);
    throw new AppError("registration_failed");
  }
}

/**
 * Login answers one way for an unknown name and a wrong password (the same key, text and scrypt work), and its
 * locks are per name and address (login-guard.ts): wrong passwords never lock the account nor end its
 * sessions. Only an operator's lock does; it is told only to someone who gave the right password.
 * A login that succeeds stores the language the app asked in (`language`, when it named one of the ten): the
 * customer may have switched it while signed out, on this device or another.
 *
 * With two-step sign-in on, the right password alone makes no session: without `code` the answer is
 * `totp_required` (nothing counted), and a wrong or used code counts as a wrong password toward the same locks.
 * A sign-in from a device the account was not used on before writes the customer a message (new-device.ts).
 */
export async function logIn(
  ctx: ServiceContext,
  input: LoginRequest,
  seen: SignInSeen & { userAgent: string | null },
  translate: Translate,
  language?: LanguageCode,
): Promise<SessionAnswer> {
  const address = seen.ip;
  const now = ctx.now();
  const found = await findUserByAccount(ctx, input.account);
  const outcome = await ctx.db.transaction(async (tx): Promise<{ token: string } | { refused: AppError; log?: string }> => {
    // set when the password was right and the second-factor code was not: the answer says which was wrong
    let codeWrong = false;
    const checked = await checkLogin(tx, input.account, address, now, async () => {
      if (!(await verifyPassword(input.password, found?.passwordHash ?? UNKNOWN_ACCOUNT_HASH)) || !found) return false;
      const totp = await enabledTotp(tx, found.id);
      if (!totp) return true;
      if (input.code === undefined) return "code_needed";
      if (await useEitherCode(tx, totp, input.code, now)) return true;
      codeWrong = true;
      return false;
    });
    if (checked.outcome === "locked") return { refused: new AppError("login_locked", { minutes: checked.minutes }), log: checked.log };
    // no session and nothing counted: the app asks for the code and sends the login again with it
    if (checked.outcome === "code_needed") return { refused: new AppError("totp_required", {}, "code") };
    if (codeWrong) return { refused: new AppError("totp_wrong", {}, "code") };
    if (checked.outcome === "wrong" || !found) return { refused: new AppError("wrong_password") };
    if (lockedNow(found, now)) return { refused: new AppError("account_locked") };
    const barredUntil = await barredLoginUntil(tx, found.id, now);
    if (barredUntil !== null) return { refused: selfExcluded(barredUntil) };
    if (language && language !== found.language) {
      await tx.update(users).set({ language }).where(eq(users.id, found.id));
      found.language = language;
    }
    await tellOfNewDevice(tx, translate, { userId: found.id, seen, userAgent: seen.userAgent, now });
    await recordSignIn(tx, found.id, "login", seen, now);
    return { token: await createSession(tx, found.id, now, { userAgent: seen.userAgent, address }) };
  });
  if ("refused" in outcome) {
    if (outcome.log) ctx.log(outcome.log);
    throw outcome.refused;
  }
  return { token: outcome.token, user: toUserInfo(found!) };
}

const LOGIN_PASSWORD_SCOPE = "login_password";

export async function changeLoginPassword(
  ctx: ServiceContext,
  user: UserRow,
  token: string,
  input: ChangeLoginPasswordRequest,
): Promise<void> {
  // a stolen session must not be a way to guess the old password: counted like the fund password's tries
  const checked = await checkGuarded(ctx, user.id, LOGIN_PASSWORD_SCOPE, () => verifyPassword(input.oldPassword, user.passwordHash));
  if (checked.outcome === "locked") {
    if (checked.justLocked) ctx.log(`login password change of ${user.account} locked after ${TRY_LIMIT} wrong old passwords`);
    throw new AppError("login_locked", { minutes: checked.minutes });
  }
  if (checked.outcome === "wrong") throw new AppError("wrong_login_password");
  if (input.oldPassword === input.password) throw new AppError("same_password");
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, mustChangePassword: false }).where(eq(users.id, user.id));
    await revokeOtherSessions(tx, user.id, token);
  });
}

export async function changePayPassword(ctx: ServiceContext, user: UserRow, input: ChangePayPasswordRequest): Promise<void> {
  if (user.payPasswordHash !== null) {
    if (input.oldPayPassword === undefined) throw new AppError("field_required", {}, "oldPayPassword");
    await requireFundPassword(ctx, user, input.oldPayPassword);
  }
  const payPasswordHash = await hashPassword(input.payPassword);
  await ctx.db.update(users).set({ payPasswordHash }).where(eq(users.id, user.id));
}

/** Stores the language the customer picked in the app: every message the server writes them is in it. */
export async function setUserLanguage(ctx: ServiceContext, user: UserRow, language: LanguageCode): Promise<{ language: LanguageCode }> {
  if (user.language !== language) await ctx.db.update(users).set({ language }).where(eq(users.id, user.id));
  return { language };
}
