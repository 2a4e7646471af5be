import { and, count, eq, gt, sql } from "drizzle-orm";
import type {
  ChangeLoginPasswordRequest,
  ChangePayPasswordRequest,
  LoginRequest,
  RegisterRequest,
  SessionAnswer,
} from "../../../contract/accounts";
import { LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_WINDOW_SECONDS } from "../../../contract/constants";
import type { Tx } from "../../db/client";
import { loginFailures, users } from "../../db/schema";
import type { ServiceContext } from "../context";
import { AppError } from "../errors";
import { hashPassword, verifyPassword } from "./passwords";
import { createSession, revokeAllSessions, revokeOtherSessions, type UserRow } from "./sessions";
import { consumeVerificationCode } from "./sms";
import { newInviteCode } from "./tokens";
import { toUserInfo } from "./user-info";
import { inviteBonus } from "../mine/service";
import { moveMoney } from "../money/ledger";

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
  const [passwordHash, payPasswordHash] = await Promise.all([
    hashPassword(input.password),
    hashPassword(input.payPassword),
  ]);
  try {
    return await ctx.db.transaction(async (tx) => {
      const [existing] = await tx.select({ id: users.id }).from(users).where(sameAccount(input.account)).limit(1);
      if (existing) throw new AppError("account_exists");
      const [inviter] = await tx
        .select({ id: users.id, locked: users.locked })
        .from(users)
        .where(eq(users.inviteCode, input.inviteCode.toUpperCase()))
        .limit(1);
      if (!inviter || inviter.locked) throw new AppError("invalid_inviter");
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
      // the operator's invitation bonus goes to the inviter once per invitee, booked with its ledger row
      const bonus = await inviteBonus(tx);
      if (bonus > 0) await moveMoney(tx, inviter.id, [{ account: "cash", delta: bonus, reason: "invite_bonus" }], `invitee:${user.id}`, now);
      const token = await createSession(tx, user.id, now);
      return { token, user: toUserInfo(user) };
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    // a concurrent registration of the same account loses on the unique index
    if (String((error as { cause?: unknown }).cause ?? error).includes("users_account_unique")) throw new AppError("account_exists");
    ctx.log(`registration failed: ${String(error)}`);
    throw new AppError("registration_failed");
  }
}

export async function logIn(ctx: ServiceContext, input: LoginRequest): Promise<SessionAnswer> {
  const now = ctx.now();
  const user = await findUserByAccount(ctx, input.account);
  if (!user) throw new AppError("user_not_found");
  if (user.locked) throw new AppError("account_locked");
  if (!(await verifyPassword(input.password, user.passwordHash))) {
    // Recorded outside any transaction: the failure must count even though the request is refused.
    await ctx.db.insert(loginFailures).values({ userId: user.id, at: now });
    const [recent] = await ctx.db
      .select({ n: count() })
      .from(loginFailures)
      .where(and(eq(loginFailures.userId, user.id), gt(loginFailures.at, now - LOGIN_FAILURE_WINDOW_SECONDS)));
    if ((recent?.n ?? 0) >= LOGIN_FAILURE_LIMIT) {
      // the lock also ends every open session, so an operator's unlock does not bring old sessions back
      await ctx.db.transaction(async (tx) => {
        await tx.update(users).set({ locked: true }).where(eq(users.id, user.id));
        await revokeAllSessions(tx, user.id);
      });
      ctx.log(`account ${user.account} locked after ${LOGIN_FAILURE_LIMIT} wrong passwords`);
      throw new AppError("account_locked");
    }
    throw new AppError("wrong_password");
  }
  await ctx.db.delete(loginFailures).where(eq(loginFailures.userId, user.id));
  const token = await createSession(ctx.db, user.id, now);
  return { token, user: toUserInfo(user) };
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
    if (!(await verifyPassword(input.oldPayPassword, user.payPasswordHash))) throw new AppError("wrong_fund_password");
  }
  const payPasswordHash = await hashPassword(input.payPassword);
  await ctx.db.update(users).set({ payPasswordHash }).where(eq(users.id, user.id));
}
