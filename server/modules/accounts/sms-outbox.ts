import { and, desc, eq, lt, or, type SQL } from "drizzle-orm";

import { smsCodes } from "../../db/schema";
import type { ServiceContext } from "../context";
import { resetCodeKey } from "./password-reset";

export const SMS_PAGE = 50;

/**
 * The SMS outbox (there is no gateway: the codes the server generated wait here), newest first, one page at a
 * time: every phone, or one (its registration codes and its password-reset codes, kept as "reset:<number>").
 * `beforeId` is the last id of the page before.
 */
export async function readSmsOutbox(ctx: ServiceContext, filter: { phone?: string; beforeId?: number }) {
  const conditions: SQL[] = [];
  const phone = filter.phone?.trim();
  if (phone) conditions.push(or(eq(smsCodes.phone, phone), eq(smsCodes.phone, resetCodeKey(phone)))!);
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
