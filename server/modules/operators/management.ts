import { and, asc, eq, gt, isNull, like, sql } from "drizzle-orm";

import type { OpsRole } from "#contract/operators";

import type { Db, Tx } from "../../db/client";
import { operatorCustomers, operators, operatorSessions, users } from "../../db/schema";
import { hashPassword } from "../accounts/passwords";
import { AppError } from "../errors";
import { tellStreamsOperatorChanged } from "../events/console-events";
import { requirePerson } from "./person";
import { IDLE_SECONDS, newPassword, type OperatorIdentity } from "./service";
import { newTotpSecret } from "./totp";

type OperatorRow = typeof operators.$inferSelect;

/**
 * What an admin does to other operators: disable and enable, change role, reset password or authenticator,
 * end sessions, link the customer accounts an operator holds. Each runs in the caller's transaction (the
 * route's, with its audit row). The machine token manages no one: a person answers for each change.
 */

/** The operator of that name (in any letter case), locked for the change. */
async function operatorNamed(tx: Db | Tx, username: string): Promise<OperatorRow> {
  const [row] = await tx
    .select()
    .from(operators)
    .where(sql`lower(${operators.username}) = lower(${username})`)
    .limit(1)
    .for("update");
  if (!row) throw new AppError("record_not_found");
  return row;
}

/**
 * Refuses a change that would leave no active admin. Every active admin's row is locked first, in id order,
 * so two admins disabling or demoting each other at once queue here (and never deadlock): the second then
 * sees the first's change and is refused.
 */
async function lockTargetKeepingAnAdmin(tx: Db | Tx, username: string, removesAdmin: (row: OperatorRow) => boolean) {
  const admins = await tx
    .select({ id: operators.id })
    .from(operators)
    .where(and(eq(operators.role, "admin"), isNull(operators.disabledAt)))
    .orderBy(asc(operators.id))
    .for("update");
  const row = await operatorNamed(tx, username);
  const isActiveAdmin = admins.some((admin) => admin.id === row.id);
  if (isActiveAdmin && removesAdmin(row) && admins.length <= 1) throw new AppError("ops_last_admin");
  return row;
}

/** Ends every session of an operator (on every process: a session is read from the database at each request). */
const endAllSessions = (tx: Db | Tx, operatorId: number) =>
  tx.delete(operatorSessions).where(eq(operatorSessions.operatorId, operatorId)).returning({ tokenHash: operatorSessions.tokenHash });

const before = (row: OperatorRow) => ({
  role: row.role,
  disabled: row.disabledAt !== null,
  mustChangePassword: row.mustChangePassword,
  mustEnrolTotp: row.mustEnrolTotp,
});

/** An admin who disabled or demoted themselves could lock the desk out; another admin must do it. */
const isSelf = (actor: OperatorIdentity, username: string) => actor.username.toLowerCase() === username.toLowerCase();

export async function setOperatorEnabled(tx: Db | Tx, actor: OperatorIdentity, input: { username: string; enabled: boolean }, now: number) {
  requirePerson(actor);
  if (isSelf(actor, input.username) && !input.enabled) throw new AppError("ops_not_self");
  const row = await lockTargetKeepingAnAdmin(tx, input.username, () => !input.enabled);
  await tx
    .update(operators)
    .set({ disabledAt: input.enabled ? null : (row.disabledAt ?? now) })
    .where(eq(operators.id, row.id));
  if (!input.enabled) {
    await endAllSessions(tx, row.id);
    // their open console streams end when this commits, not at their next heartbeat
    await tellStreamsOperatorChanged(tx, row.id, now);
  }
  return { id: row.id, before: before(row) };
}

export async function setOperatorRole(tx: Db | Tx, actor: OperatorIdentity, input: { username: string; role: OpsRole }, now: number) {
  requirePerson(actor);
  if (isSelf(actor, input.username)) throw new AppError("ops_not_self");
  const row = await lockTargetKeepingAnAdmin(tx, input.username, () => input.role !== "admin");
  await tx.update(operators).set({ role: input.role }).where(eq(operators.id, row.id));
  // a stream hears the topics of the role it opened with: it ends now, and the console opens one for the new role
  await tellStreamsOperatorChanged(tx, row.id, now);
  return { id: row.id, before: before(row) };
}

/**
 * A temporary password, answered once: the operator signs in with it (and their authenticator) and must set
 * their own before anything else. Their sessions end, so whoever knew the old password is out.
 */
export async function resetOperatorPassword(tx: Db | Tx, actor: OperatorIdentity, username: string, now: number) {
  requirePerson(actor);
  // an admin changes their own password with the current one (changeOwnPassword), never by a reset
  if (isSelf(actor, username)) throw new AppError("ops_not_self");
  const row = await operatorNamed(tx, username);
  const password = newPassword();
  await tx
    .update(operators)
    .set({ passwordHash: await hashPassword(password), mustChangePassword: true })
    .where(eq(operators.id, row.id));
  await endAllSessions(tx, row.id);
  await tellStreamsOperatorChanged(tx, row.id, now);
  return { id: row.id, username: row.username, password, before: before(row) };
}

/**
 * Forgets an operator's authenticator (a lost phone): the next sign-in, with the password alone, enrols a new
 * one and can do nothing else until it is confirmed. Their sessions end.
 */
export async function resetOperatorTotp(tx: Db | Tx, actor: OperatorIdentity, username: string, now: number) {
  requirePerson(actor);
  // resetting one's own authenticator would sign one out into a second factor anyone with the password enrols
  if (isSelf(actor, username)) throw new AppError("ops_not_self");
  const row = await operatorNamed(tx, username);
  // the old secret's steps mean nothing for the new one: its first code may fall in the step last used
  await tx.update(operators).set({ totpSecret: newTotpSecret(), mustEnrolTotp: true, lastTotpStep: null }).where(eq(operators.id, row.id));
  await endAllSessions(tx, row.id);
  await tellStreamsOperatorChanged(tx, row.id, now);
  return { id: row.id, before: before(row) };
}

/** A session's name in lists: the start of its token's hash (the token itself is never stored). */
const sessionRef = (tokenHash: string) => tokenHash.slice(0, 16);

export async function listOperatorSessions(db: Db | Tx, username: string, now: number) {
  const [row] = await db
    .select({ id: operators.id })
    .from(operators)
    .where(sql`lower(${operators.username}) = lower(${username})`);
  if (!row) throw new AppError("record_not_found");
  const sessions = await db
    .select()
    .from(operatorSessions)
    .where(
      and(
        eq(operatorSessions.operatorId, row.id),
        gt(operatorSessions.expiresAt, now),
        gt(operatorSessions.lastSeenAt, now - IDLE_SECONDS),
      ),
    )
    .orderBy(asc(operatorSessions.createdAt));
  return sessions.map((session) => ({
    ref: sessionRef(session.tokenHash),
    createdAt: session.createdAt,
    lastSeenAt: session.lastSeenAt,
    expiresAt: session.expiresAt,
    address: session.address,
  }));
}

/** Ends one session of an operator (by its ref) or all of them; answers how many ended. */
export async function endOperatorSessions(tx: Db | Tx, actor: OperatorIdentity, input: { username: string; ref?: string }, now: number) {
  requirePerson(actor);
  const row = await operatorNamed(tx, input.username);
  const ended = await tx
    .delete(operatorSessions)
    .where(and(eq(operatorSessions.operatorId, row.id), input.ref ? like(operatorSessions.tokenHash, `${input.ref}%`) : undefined))
    .returning({ tokenHash: operatorSessions.tokenHash });
  if (input.ref && ended.length === 0) throw new AppError("record_not_found");
  if (ended.length > 0) await tellStreamsOperatorChanged(tx, row.id, now);
  return { id: row.id, ended: ended.length };
}

type CustomerLink = { username: string; account: string; linked: boolean };

/** Links (or unlinks) a customer account the operator holds; the reviews then refuse that operator for it. */
export async function setOperatorCustomer(tx: Db | Tx, actor: OperatorIdentity, input: CustomerLink, now: number) {
  requirePerson(actor);
  // anyone may declare an account they hold; only someone else may take the declaration back
  if (!input.linked && isSelf(actor, input.username)) throw new AppError("ops_not_self");
  const row = await operatorNamed(tx, input.username);
  const [customer] = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.account}) = lower(${input.account})`);
  if (!customer) throw new AppError("user_not_found");
  if (input.linked) {
    await tx.insert(operatorCustomers).values({ operatorId: row.id, userId: customer.id, linkedAt: now }).onConflictDoNothing();
  } else {
    await tx.delete(operatorCustomers).where(and(eq(operatorCustomers.operatorId, row.id), eq(operatorCustomers.userId, customer.id)));
  }
  return { id: row.id };
}
