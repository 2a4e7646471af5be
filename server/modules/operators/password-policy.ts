import { and, desc, eq, notInArray } from "drizzle-orm";

import { OPERATOR_PASSWORD_HISTORY, OPERATOR_PASSWORD_MIN } from "#contract/operators";

import type { Db, Tx } from "../../db/client";
import { operatorPasswordHistory, operators } from "../../db/schema";
import { verifyPassword } from "../accounts/passwords";
import { AppError } from "../errors";
import { COMMON_PASSWORDS } from "./common-passwords";

/**
 * The operator password policy, on setup, creation, change and after a reset: at least 12 characters, not
 * containing the name, not a common password, not the current one nor one of the last few. The recent ones
 * are compared by hashing the candidate with each one's salt, so no password is ever kept in the clear.
 */
export async function checkOperatorPassword(db: Db | Tx, input: { operatorId: number | null; username: string; password: string }) {
  const lower = input.password.toLowerCase();
  if (input.password.length < OPERATOR_PASSWORD_MIN) throw new AppError("ops_password_short");
  if (lower.includes(input.username.toLowerCase())) throw new AppError("ops_password_has_name");
  if (COMMON_PASSWORDS.has(lower)) throw new AppError("ops_password_common");
  if (input.operatorId === null) return;
  const [current] = await db.select({ hash: operators.passwordHash }).from(operators).where(eq(operators.id, input.operatorId));
  const recent = await db
    .select({ hash: operatorPasswordHistory.passwordHash })
    .from(operatorPasswordHistory)
    .where(eq(operatorPasswordHistory.operatorId, input.operatorId))
    .orderBy(desc(operatorPasswordHistory.id))
    .limit(OPERATOR_PASSWORD_HISTORY);
  for (const { hash } of [...(current ? [current] : []), ...recent]) {
    if (await verifyPassword(input.password, hash)) throw new AppError("ops_password_reused");
  }
}

/** Keeps the hash of a password the operator chose, and forgets those older than the last few. */
export async function rememberOperatorPassword(db: Db | Tx, operatorId: number, passwordHash: string, now: number) {
  await db.insert(operatorPasswordHistory).values({ operatorId, passwordHash, setAt: now });
  const kept = db
    .select({ id: operatorPasswordHistory.id })
    .from(operatorPasswordHistory)
    .where(eq(operatorPasswordHistory.operatorId, operatorId))
    .orderBy(desc(operatorPasswordHistory.id))
    .limit(OPERATOR_PASSWORD_HISTORY);
  await db
    .delete(operatorPasswordHistory)
    .where(and(eq(operatorPasswordHistory.operatorId, operatorId), notInArray(operatorPasswordHistory.id, kept)));
}
