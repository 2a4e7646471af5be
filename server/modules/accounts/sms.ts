import { and, desc, eq, gt, isNull } from "drizzle-orm";

import { SMS_CODE_VALID_SECONDS, SMS_RESEND_SECONDS } from "#contract/constants";

import type { Tx } from "../../db/client";
import { smsCodes } from "../../db/schema";
import type { ServiceContext } from "../context";
import { AppError } from "../errors";
import { newSmsCode } from "./tokens";

/**
 * Sending an SMS goes through this interface; the default writes the outbox table and the log, which the
 * operator reads (`npm run ops -- sms <phone>`). A real gateway would implement the same shape.
 */
export interface SmsSender {
  send(phone: string, code: string): Promise<void>;
}

export const logSmsSender = (log: (message: string) => void): SmsSender => ({
  async send(phone, code) {
    log(`sms to ${phone}: verification code ${code}`);
  },
});

export async function sendVerificationCode(ctx: ServiceContext, sender: SmsSender, phone: string): Promise<void> {
  const now = ctx.now();
  const code = newSmsCode();
  await ctx.db.transaction(async (tx) => {
    const [latest] = await tx
      .select({ createdAt: smsCodes.createdAt })
      .from(smsCodes)
      .where(eq(smsCodes.phone, phone))
      .orderBy(desc(smsCodes.createdAt))
      .limit(1)
      .for("update");
    if (latest && now - latest.createdAt < SMS_RESEND_SECONDS) throw new AppError("sms_too_soon");
    await tx.insert(smsCodes).values({ phone, code, createdAt: now, expiresAt: now + SMS_CODE_VALID_SECONDS });
  });
  await sender.send(phone, code);
}

/** Uses up the phone's newest valid code if it matches; any other case is a wrong code. */
export async function consumeVerificationCode(tx: Tx, phone: string, code: string, now: number): Promise<void> {
  const [latest] = await tx
    .select()
    .from(smsCodes)
    .where(and(eq(smsCodes.phone, phone), isNull(smsCodes.usedAt), gt(smsCodes.expiresAt, now)))
    .orderBy(desc(smsCodes.createdAt))
    .limit(1)
    .for("update");
  if (!latest || latest.code !== code) throw new AppError("wrong_sms_code");
  await tx.update(smsCodes).set({ usedAt: now }).where(eq(smsCodes.id, latest.id));
}
