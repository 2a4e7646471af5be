import { and, eq, gt, like, lte, sql } from "drizzle-orm";

import type { SessionAnswer } from "#contract/accounts";
import type { ChangeLoginPasswordRequest, ChangePayPasswordRequest, LoginRequest, RegisterRequest } from "#contract/schemas/accounts";

import type { Tx } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { passwordGuards, users } from "../../db/schema";
import type { ServiceContext } from "../context";
import { AppError } from "../errors";
import { payInviteBonus } from "../invites/service";
import { requireFundPassword } from "./fund-password";
import { minutesLeft, TRY_LIMIT, TRY_WINDOW_SECONDS } from "./password-guard";
import { hashPassword, verifyPassword } from "./passwords";
import { createSession, lockedNow, revokeAllSessions, revokeOtherSessions, type UserRow } from "./sessions";
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

export async function registerUser(ctx: ServiceContext, input: RegisterRequest): Promise<SessionAnswer> {
  const now = ctx.now();
  // Hash before the transaction: scrypt is slow on purpose and must not hold locks.
  const [passwordHash, payPasswordHash] = await Promise.all([hashPassword(input.password), hashPassword(input.payPassword)]);
  try {
    return await ctx.db.transaction(async (tx) => {
      const [existing] = await tx.select({ id: users.id }).from(users).where(sameAccount(input.account)).limit(1);
      if (existing) throw new AppError("account_exists");
      const [inviter] = await tx
        .select({ id: users.id, locked: users.locked, lockedUntil: users.lockedUntil })
        .from(users)
        .where(eq(users.inviteCode, input.inviteCode.toUpperCase()))
        .limit(1);
      if (!inviter || lockedNow(inviter, now)) throw new AppError("invalid_inviter");
      await consumeVerificationCode(tx, input.phone, input.smsCode, now);
      const [user] = await tx
        .insert(users)
        .values({
          account: input.account,
          passwordHash,
          payPasswordHash,
          phone: input.phone,
          inviteCode: await uniqueInviteCode(tx),
          inviterId: inviter.id,
          createdAt: now,
        })
        .returning();
      if (!user) throw new AppError("registration_failed");
      await payInviteBonus(tx, user.id, "registration", now);
      const token = await createSession(tx, user.id, now);
      return { token, user: toUserInfo(user) };
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    // a concurrent registration of the same account, in any letter case, loses on a unique index
    if (isUniqueViolation(error, ["users_account_unique", "users_account_lower_unique"])) throw new AppError("account_exists");
    ctx.log(`registration failed: ${String(error)}`);
    throw new AppError("registration_failed");
  }
}

const LOGIN_SCOPE = "login:";
/** failures over every address in one window that lock the whole account */
const ACCOUNT_FAILURE_LIMIT = 20;
/** addresses that reached their own lock in one window that lock the whole account */
const ACCOUNT_LOCKED_ADDRESSES = 3;

/** Login tries in the open windows of every address: checked ones, and addresses at their limit. */
async function loginSpread(tx: Tx, userId: number, now: number, ownScope: string) {
  const rows = await tx
    .select({ scope: passwordGuards.scope, tries: passwordGuards.tries })
    .from(passwordGuards)
    .where(
      and(
        eq(passwordGuards.userId, userId),
        like(passwordGuards.scope, `${LOGIN_SCOPE}%`),
        gt(passwordGuards.since, now - TRY_WINDOW_SECONDS),
      ),
    );
  return {
    checked: rows.reduce((sum, row) => sum + Math.min(row.tries, TRY_LIMIT), 0),
    lockedAddresses: rows.filter((row) => row.tries >= TRY_LIMIT).length,
    otherLockedAddresses: rows.filter((row) => row.tries >= TRY_LIMIT && row.scope !== ownScope).length,
  };
}

/**
 * Wrong passwords lock the address they come from first (five in a window lock that address out of this
 * account for a window), so a stranger cannot lock the owner out; only failures from several addresses lock
 * the account itself, which also ends its sessions. Each try is checked under the user's row lock, so one
 * user's logins are checked one at a time, from any number of processes: every check sees every earlier wrong
 * password, a burst of guesses gets five, and a burst of right ones (two tabs, a double tap) all get in.
 */
export async function logIn(ctx: ServiceContext, input: LoginRequest, address: string): Promise<SessionAnswer> {
  const now = ctx.now();
  const found = await findUserByAccount(ctx, input.account);
  if (!found) throw new AppError("user_not_found");
  const scope = `${LOGIN_SCOPE}${address}`;
  const ownGuard = and(eq(passwordGuards.userId, found.id), eq(passwordGuards.scope, scope));
  const outcome = await ctx.db.transaction(async (tx): Promise<{ token: string } | { refused: AppError; log?: string }> => {
    const [row] = await tx.select().from(users).where(eq(users.id, found.id)).for("update");
    if (!row) return { refused: new AppError("user_not_found") };
    if (lockedNow(row, now)) return { refused: new AppError("account_locked") };
    if (row.locked) {
      // the account-wide lock ran out: every address starts afresh
      await tx.update(users).set({ locked: false, lockedUntil: null }).where(eq(users.id, row.id));
      await tx.delete(passwordGuards).where(and(eq(passwordGuards.userId, row.id), like(passwordGuards.scope, `${LOGIN_SCOPE}%`)));
    }
    // windows that ran out count for nothing: dropping them keeps the table to the addresses of one window
    await tx
      .delete(passwordGuards)
      .where(
        and(
          eq(passwordGuards.userId, row.id),
          like(passwordGuards.scope, `${LOGIN_SCOPE}%`),
          lte(passwordGuards.since, now - TRY_WINDOW_SECONDS),
        ),
      );
    const [guard] = await tx.select().from(passwordGuards).where(ownGuard);
    const wrongSoFar = guard?.tries ?? 0;
    if (wrongSoFar >= TRY_LIMIT) return { refused: new AppError("login_locked", { minutes: minutesLeft(guard!.since, now) }) };
    if (await verifyPassword(input.password, row.passwordHash)) {
      if (guard) await tx.delete(passwordGuards).where(ownGuard);
      return { token: await createSession(tx, row.id, now) };
    }
    const tries = wrongSoFar + 1;
    // an address's lock runs a whole window from the try that reached the limit
    const since = tries >= TRY_LIMIT ? now : (guard?.since ?? now);
    await tx
      .insert(passwordGuards)
      .values({ userId: row.id, scope, tries, since })
      .onConflictDoUpdate({ target: [passwordGuards.userId, passwordGuards.scope], set: { tries, since } });
    const spread = await loginSpread(tx, row.id, now, scope);
    if (spread.checked >= ACCOUNT_FAILURE_LIMIT || spread.lockedAddresses >= ACCOUNT_LOCKED_ADDRESSES) {
      // the lock also ends every open session, so an operator's unlock does not bring old sessions back
      await tx
        .update(users)
        .set({ locked: true, lockedUntil: now + TRY_WINDOW_SECONDS })
        .where(eq(users.id, row.id));
      await revokeAllSessions(tx, row.id);
      return { refused: new AppError("account_locked"), log: `account ${row.account} locked after wrong passwords from several addresses` };
    }
    if (tries >= TRY_LIMIT) {
      return {
        refused: new AppError("login_locked", { minutes: minutesLeft(now, now) }),
        log: `address ${address} locked out of account ${row.account} after ${TRY_LIMIT} wrong passwords`,
      };
    }
    return { refused: new AppError("wrong_password") };
  });
  if ("refused" in outcome) {
    if (outcome.log) ctx.log(outcome.log);
    throw outcome.refused;
  }
  return { token: outcome.token, user: toUserInfo(found) };
}

export async function changeLoginPassword(
  ctx: ServiceContext,
  user: UserRow,
  token: string,
  input: ChangeLoginPasswordRequest,
): Promise<void> {
  if (!(await verifyPassword(input.oldPassword, user.passwordHash))) throw new AppError("wrong_login_password");
  if (input.oldPassword === input.password) throw new AppError("same_password");
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
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
