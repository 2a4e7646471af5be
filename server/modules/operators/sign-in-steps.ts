import { and, eq, isNull, lt, ne, or } from "drizzle-orm";

import type { Db, Tx } from "../../db/client";
import { operators, operatorSessions } from "../../db/schema";
import { hashPassword, verifyPassword } from "../accounts/passwords";
import { AppError } from "../errors";
import { checkOperatorPassword, rememberOperatorPassword } from "./password-policy";
import { type OperatorIdentity, pendingStep } from "./service";
import { newTotpSecret, totpStep, totpUri } from "./totp";

/**
 * The steps an operator takes for themselves: a new password (forced after an admin's reset, or any time) and
 * enrolling an authenticator (forced when none is enrolled). Each runs in the route's transaction.
 */
async function ownRow(tx: Db | Tx, actor: OperatorIdentity) {
  if (actor.id === null) throw new AppError("ops_person_required");
  const [row] = await tx.select().from(operators).where(eq(operators.id, actor.id)).for("update");
  if (!row) throw new AppError("ops_forbidden");
  return row;
}

const self = (row: typeof operators.$inferSelect, changes: { mustChangePassword?: boolean; mustEnrolTotp?: boolean }) => {
  const next = { ...row, ...changes };
  return { id: row.id, username: row.username, role: actorRole(row.role), pending: pendingStep(next) };
};

const actorRole = (role: string) => role as OperatorIdentity["role"];

/**
 * Sets the operator's own password: the current one first (a session left open is not enough to take the
 * account), then the new one under the policy. Every other session of theirs ends.
 */
export async function changeOwnPassword(
  tx: Db | Tx,
  actor: OperatorIdentity,
  input: { currentPassword: string; password: string },
  now: number,
) {
  const row = await ownRow(tx, actor);
  if (!(await verifyPassword(input.currentPassword, row.passwordHash))) throw new AppError("ops_login_failed");
  await checkOperatorPassword(tx, { operatorId: row.id, username: row.username, password: input.password });
  const passwordHash = await hashPassword(input.password);
  await tx.update(operators).set({ passwordHash, mustChangePassword: false }).where(eq(operators.id, row.id));
  await rememberOperatorPassword(tx, row.id, passwordHash, now);
  await tx
    .delete(operatorSessions)
    .where(and(eq(operatorSessions.operatorId, row.id), actor.sessionHash ? ne(operatorSessions.tokenHash, actor.sessionHash) : undefined));
  return self(row, { mustChangePassword: false });
}

/**
 * A new authenticator secret while one is to be enrolled (only then: an open session must not be able to move
 * the second factor to another phone). The password step comes first when both are owed.
 */
export async function startTotpEnrolment(tx: Db | Tx, actor: OperatorIdentity) {
  const row = await ownRow(tx, actor);
  if (!row.mustEnrolTotp) throw new AppError("ops_totp_enrolled");
  if (row.mustChangePassword) throw new AppError("ops_step_required");
  const secret = newTotpSecret();
  // a new secret starts its own count of used steps
  await tx.update(operators).set({ totpSecret: secret, lastTotpStep: null }).where(eq(operators.id, row.id));
  return { otpauth: totpUri(row.username, secret) };
}

/** Confirms the new authenticator with its current code (used once, as at sign-in); the console then opens. */
export async function confirmTotpEnrolment(tx: Db | Tx, actor: OperatorIdentity, code: string, now: number) {
  const row = await ownRow(tx, actor);
  if (!row.mustEnrolTotp) throw new AppError("ops_totp_enrolled");
  if (row.mustChangePassword) throw new AppError("ops_step_required");
  const step = totpStep(row.username, row.totpSecret, code, now);
  const accepted =
    step !== null &&
    (
      await tx
        .update(operators)
        .set({ lastTotpStep: step, mustEnrolTotp: false })
        .where(and(eq(operators.id, row.id), or(isNull(operators.lastTotpStep), lt(operators.lastTotpStep, step))))
        .returning({ id: operators.id })
    ).length === 1;
  if (!accepted) throw new AppError("ops_code_wrong");
  return self(row, { mustEnrolTotp: false });
}
