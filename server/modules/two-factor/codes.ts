import { createHash, randomInt } from "node:crypto";

import { and, eq, isNull, lt, or } from "drizzle-orm";

import type { Db, Tx } from "../../db/client";
import { customerRecoveryCodes, customerTotp } from "../../db/schema";
import { totpStep } from "../totp/totp";

export type TotpRow = typeof customerTotp.$inferSelect;

export const RECOVERY_CODE_COUNT = 10;
// No 0/O or 1/I: the codes are written down and typed by hand.
const RECOVERY_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** Ten letters and digits (50 bits), shown as two groups of five. */
export function newRecoveryCode(): string {
  let code = "";
  for (let i = 0; i < 10; i++) code += RECOVERY_ALPHABET[randomInt(0, RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/**
 * What is stored of a recovery code: its SHA-256, of the code as typed in any letter case and with or without
 * its dash. A plain hash is enough: each code is 50 random bits, not a password a person chose.
 */
export const recoveryCodeHash = (code: string) => createHash("sha256").update(code.replace(/-/g, "").toUpperCase()).digest("hex");

/** The customer's authenticator when two-step sign-in is on (set up and confirmed), else null. */
export async function enabledTotp(db: Db | Tx, userId: number): Promise<TotpRow | null> {
  const [row] = await db.select().from(customerTotp).where(eq(customerTotp.userId, userId));
  return row && row.enabledAt !== null ? row : null;
}

/**
 * Uses an authenticator code: right at `now` and of a later time step than any accepted before, so a code
 * overheard or sent twice works once. The step only moves forward, in one conditional update.
 */
export async function useTotpCode(tx: Tx, row: TotpRow, code: string, now: number): Promise<boolean> {
  const step = totpStep(row.secret, code, now);
  if (step === null) return false;
  const used = await tx
    .update(customerTotp)
    .set({ lastStep: step })
    .where(and(eq(customerTotp.userId, row.userId), or(isNull(customerTotp.lastStep), lt(customerTotp.lastStep, step))))
    .returning({ userId: customerTotp.userId });
  return used.length === 1;
}

/** Uses one of the customer's unused recovery codes; each works once (the update claims it). */
export async function useRecoveryCode(tx: Tx, userId: number, code: string, now: number): Promise<boolean> {
  const used = await tx
    .update(customerRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(customerRecoveryCodes.userId, userId),
        eq(customerRecoveryCodes.codeHash, recoveryCodeHash(code)),
        isNull(customerRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: customerRecoveryCodes.id });
  return used.length === 1;
}

const isAuthenticatorCode = (code: string) => /^\d{6}$/.test(code);

/** Sign-in and switching off take either kind of code: six digits are the authenticator's, anything else a recovery code. */
export const useEitherCode = (tx: Tx, row: TotpRow, code: string, now: number) =>
  isAuthenticatorCode(code) ? useTotpCode(tx, row, code, now) : useRecoveryCode(tx, row.userId, code, now);
