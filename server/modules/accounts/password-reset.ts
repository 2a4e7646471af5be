import { and, count, desc, eq, gt, isNull } from "drizzle-orm";

import { passwordResetNotice } from "#contract/catalogue";
import { SMS_CODE_VALID_SECONDS, SMS_RESEND_SECONDS } from "#contract/constants";
import type { ResetPasswordRequest } from "#contract/schemas/accounts";

import { recordEvents } from "../../db/outbox";
import { smsCodes, users } from "../../db/schema";
import type { ServiceContext } from "../context";
import { AppError } from "../errors";
import { type Translate, writeCustomerMessage } from "../inbox/customer-message";
import { hashPassword } from "./passwords";
import { normalisedPhone } from "./phone";
import { revokeEverySession } from "./sessions";
import type { SmsSender } from "./sms";
import { newSmsCode } from "./tokens";

/** Reset codes one phone number may be sent in a day: enough for a few typos, too few to pester its owner. */
export const RESET_CODES_PER_DAY = 5;
const DAY_SECONDS = 86_400;

/**
 * Reset codes are kept under "reset:" and the normalised number: apart from registration's codes (a code sent
 * for one cannot be spent on the other), and one number however it is written, so "+86…" and "86…" share
 * one resend wait and one daily count.
 */
export const resetCodeKey = (phone: string) => `reset:${normalisedPhone(phone)}`;

/**
 * A forgotten password, step one: a code for the phone. Whether an account holds the number decides only whether
 * the SMS goes out; the code is stored, the waits and the daily count apply and the answer is the same either
 * way, so the form cannot be used to learn which numbers have accounts.
 */
export async function sendPasswordResetCode(ctx: ServiceContext, sender: SmsSender, phone: string): Promise<void> {
  const now = ctx.now();
  const key = resetCodeKey(phone);
  const code = newSmsCode();
  const [holder] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.verifiedPhone, normalisedPhone(phone)))
    .limit(1);
  await ctx.db.transaction(async (tx) => {
    const [latest] = await tx
      .select({ createdAt: smsCodes.createdAt })
      .from(smsCodes)
      .where(eq(smsCodes.phone, key))
      .orderBy(desc(smsCodes.createdAt))
      .limit(1)
      .for("update");
    if (latest && now - latest.createdAt < SMS_RESEND_SECONDS) throw new AppError("sms_too_soon");
    const [today] = await tx
      .select({ n: count() })
      .from(smsCodes)
      .where(and(eq(smsCodes.phone, key), gt(smsCodes.createdAt, now - DAY_SECONDS)));
    if ((today?.n ?? 0) >= RESET_CODES_PER_DAY) throw new AppError("sms_daily_limit");
    await tx.insert(smsCodes).values({ phone: key, code, createdAt: now, expiresAt: now + SMS_CODE_VALID_SECONDS });
  });
  if (holder) await sender.send(phone, code);
}

/**
 * Step two: the code and the new password. A code is good for one try: a wrong one uses up the phone's code, so
 * guessing takes a new SMS (one a minute, five a day) per guess. On success the password is replaced, every
 * session of the account ends on every process, and the customer gets a message in their language, in one
 * transaction. An unknown number answers as a wrong code does.
 */
export async function resetPassword(ctx: ServiceContext, input: ResetPasswordRequest, translate: Translate): Promise<void> {
  const now = ctx.now();
  const key = resetCodeKey(input.phone);
  // hashed before the transaction: scrypt is slow on purpose and must not hold locks
  const passwordHash = await hashPassword(input.password);
  const outcome = await ctx.db.transaction(async (tx): Promise<"reset" | "wrong"> => {
    const [latest] = await tx
      .select()
      .from(smsCodes)
      .where(and(eq(smsCodes.phone, key), isNull(smsCodes.usedAt), gt(smsCodes.expiresAt, now)))
      .orderBy(desc(smsCodes.createdAt))
      .limit(1)
      .for("update");
    if (!latest) return "wrong";
    // spent whatever happens next: right or wrong, this code is not tried again
    await tx.update(smsCodes).set({ usedAt: now }).where(eq(smsCodes.id, latest.id));
    if (latest.code !== input.code) return "wrong";
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.verifiedPhone, normalisedPhone(input.phone)))
      .limit(1);
    if (!user) return "wrong";
    await tx.update(users).set({ passwordHash, mustChangePassword: false }).where(eq(users.id, user.id));
    await revokeEverySession(tx, user.id);
    const messageId = await writeCustomerMessage(tx, translate, {
      userId: user.id,
      title: passwordResetNotice.title,
      body: passwordResetNotice.body,
      values: {},
      now,
    });
    await recordEvents(tx, [{ userId: user.id, kind: "message", data: { id: messageId } }], now);
    return "reset";
  });
  if (outcome === "wrong") throw new AppError("wrong_sms_code");
}
