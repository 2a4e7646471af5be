import { eq } from "drizzle-orm";

import { passwordGuards, users } from "../../db/schema";
import type { ServiceContext } from "../context";
import { AppError } from "../errors";
import { clearLoginGuards } from "./login-guard";
import { findUserByAccount } from "./service";

/** Lifts a customer's login lock (the operator's unlock): the account-wide lock and every guard count. */
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
