import { and, desc, eq, lt, type SQL } from "drizzle-orm";

import { centsToDecimal } from "#contract/format";

import { passwordGuards, smsCodes, users } from "../../db/schema";
import { clearLoginGuards } from "../accounts/login-guard";
import { findUserByAccount } from "../accounts/service";
import { lockedNow } from "../accounts/sessions";
import type { ServiceContext } from "../context";
import { AppError } from "../errors";

export const SMS_PAGE = 50;

/**
 * The SMS outbox (there is no gateway: the codes the server generated wait here), newest first, one page at a
 * time: every phone, or one. `beforeId` is the last id of the page before.
 */
export async function readSmsOutbox(ctx: ServiceContext, filter: { phone?: string; beforeId?: number }) {
  const conditions: SQL[] = [];
  if (filter.phone?.trim()) conditions.push(eq(smsCodes.phone, filter.phone.trim()));
  if (filter.beforeId) conditions.push(lt(smsCodes.id, filter.beforeId));
  return ctx.db
    .select({
      id: smsCodes.id,
      phone: smsCodes.phone,
      code: smsCodes.code,
      time: smsCodes.createdAt,
      expiresAt: smsCodes.expiresAt,
      used: smsCodes.usedAt,
    })
    .from(smsCodes)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(smsCodes.id))
    .limit(SMS_PAGE);
}

/** The operator's view of an account: everything but the password hashes, phone unmasked. */
export async function showUser(ctx: ServiceContext, account: string) {
  const user = await findUserByAccount(ctx, account);
  if (!user) throw new AppError("user_not_found");
  return {
    id: user.id,
    account: user.account,
    phone: user.phone,
    inviteCode: user.inviteCode,
    inviterId: user.inviterId,
    locked: lockedNow(user, ctx.now()),
    verified: user.verified,
    vipLevel: user.vipLevel,
    cash: centsToDecimal(user.cash),
    coin: centsToDecimal(user.coin),
    frozen: centsToDecimal(user.frozen),
    yuebao: centsToDecimal(user.yuebao),
    createdAt: user.createdAt,
  };
}

export async function unlockUser(ctx: ServiceContext, account: string) {
  const user = await findUserByAccount(ctx, account);
  if (!user) throw new AppError("user_not_found");
  await ctx.db.transaction(async (tx) => {
    // clears the account-wide lock and every per-address and fund-password count with it
    await tx.update(users).set({ locked: false, lockedUntil: null }).where(eq(users.id, user.id));
    await tx.delete(passwordGuards).where(eq(passwordGuards.userId, user.id));
    await clearLoginGuards(tx, user.account);
  });
  ctx.log(`account ${user.account} unlocked by the operator`);
  return { account: user.account, locked: false };
}
