import { randomInt } from "node:crypto";

import { asc, eq, sql } from "drizzle-orm";

import type { CustomerFlags, CustomerLabel, CustomerNote, RiskLabel } from "#contract/customers";

import type { Db, Tx } from "../../db/client";
import { customerLabels, customerNotes, users } from "../../db/schema";
import { hashPassword } from "../accounts/passwords";
import { lockedNow, revokeEverySession, type UserRow } from "../accounts/sessions";
import { AppError } from "../errors";
import { assertNotOwnCustomer } from "../operators/own-customer";
import { requirePerson } from "../operators/person";
import type { OperatorIdentity } from "../operators/service";

/**
 * What the money desk does to a customer account from the customer page or the CLI: freeze and unfreeze, risk
 * labels, notes, a password reset. Each runs inside the caller's transaction with its audit row
 * (`opsWriteRoute`) and takes the customer's row lock first, so a freeze and a money movement of theirs queue
 * on one lock. Each needs a person (the machine token names nobody), and nobody acts on a customer account
 * they hold themselves (notes excepted: writing down what one saw changes nothing).
 */

/** The customer's row, locked for the change; accounts are one in any letter case. */
export async function lockCustomer(tx: Db | Tx, account: string): Promise<UserRow> {
  const [row] = await tx
    .select()
    .from(users)
    .where(sql`lower(${users.account}) = ${account.toLowerCase()}`)
    .for("update");
  if (!row) throw new AppError("user_not_found");
  return row;
}

export const flagsOf = (user: UserRow, now: number): CustomerFlags => ({
  account: user.account,
  locked: lockedNow(user, now),
  frozen: user.accountFrozenAt !== null,
  frozenAt: user.accountFrozenAt,
  mustChangePassword: user.mustChangePassword,
});

/**
 * Freezes or unfreezes the account. A frozen customer still logs in, reads, and receives settlements and
 * refunds; what they ask to move (orders, plans, exchanges, withdrawals) is refused under this same row lock.
 * A freeze keeps its first time when asked again.
 */
export async function setCustomerFrozen(tx: Db | Tx, actor: OperatorIdentity, input: { account: string; frozen: boolean }, now: number) {
  requirePerson(actor);
  const row = await lockCustomer(tx, input.account);
  await assertNotOwnCustomer(tx, actor, row.id);
  const frozenAt = input.frozen ? (row.accountFrozenAt ?? now) : null;
  await tx.update(users).set({ accountFrozenAt: frozenAt }).where(eq(users.id, row.id));
  return { before: flagsOf(row, now), after: flagsOf({ ...row, accountFrozenAt: frozenAt }, now) };
}

export async function customerLabelsOf(db: Db | Tx, userId: number): Promise<CustomerLabel[]> {
  const rows = await db.select().from(customerLabels).where(eq(customerLabels.userId, userId)).orderBy(asc(customerLabels.addedAt));
  return rows.map((row) => ({ label: row.label as RiskLabel, addedBy: row.addedBy, time: row.addedAt }));
}

type LabelSwitch = { account: string; label: RiskLabel; on: boolean };

/** Puts a risk label on (kept with who put it and when; again is no change) or takes it off. */
export async function setCustomerLabel(tx: Db | Tx, actor: OperatorIdentity, input: LabelSwitch, now: number) {
  requirePerson(actor);
  const row = await lockCustomer(tx, input.account);
  await assertNotOwnCustomer(tx, actor, row.id);
  const before = await customerLabelsOf(tx, row.id);
  if (input.on) {
    await tx
      .insert(customerLabels)
      .values({ userId: row.id, label: input.label, addedBy: actor.username, addedAt: now })
      .onConflictDoNothing();
  } else {
    await tx.delete(customerLabels).where(sql`${customerLabels.userId} = ${row.id} and ${customerLabels.label} = ${input.label}`);
  }
  return { userId: row.id, before, after: await customerLabelsOf(tx, row.id) };
}

export async function customerNotesOf(db: Db | Tx, userId: number): Promise<CustomerNote[]> {
  const rows = await db.select().from(customerNotes).where(eq(customerNotes.userId, userId)).orderBy(asc(customerNotes.id));
  return rows.map((row) => ({ id: row.id, operator: row.operatorName, text: row.text, time: row.createdAt }));
}

/** Adds a note with the writer's name and the server's time; notes are never changed (the table refuses it). */
export async function addCustomerNote(tx: Db | Tx, actor: OperatorIdentity, input: { account: string; text: string }, now: number) {
  const operatorId = requirePerson(actor);
  const row = await lockCustomer(tx, input.account);
  const [note] = await tx
    .insert(customerNotes)
    .values({ userId: row.id, operatorId, operatorName: actor.username, text: input.text, createdAt: now })
    .returning();
  return { userId: row.id, note: { id: note!.id, operator: note!.operatorName, text: note!.text, time: note!.createdAt } };
}

/** Letters and digits a customer can read out and type without confusing them (no 0/O, 1/l/I). */
const READABLE = "abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
/** 12 characters of 55: about 69 bits, within the customer password's 6–16 */
const TEMPORARY_LENGTH = 12;

const temporaryPassword = () => Array.from({ length: TEMPORARY_LENGTH }, () => READABLE[randomInt(READABLE.length)]).join("");

/**
 * Support's password reset for a customer who cannot log in: a temporary password, answered this once (the
 * audit row masks it), every session of the customer ended at once on every process, and the app asks for a
 * new password at the next login before anything else. The account's login locks are left as they are: an
 * unlock is its own step.
 */
export async function resetCustomerPassword(tx: Db | Tx, actor: OperatorIdentity, account: string, now: number) {
  requirePerson(actor);
  const row = await lockCustomer(tx, account);
  await assertNotOwnCustomer(tx, actor, row.id);
  const password = temporaryPassword();
  await tx
    .update(users)
    .set({ passwordHash: await hashPassword(password), mustChangePassword: true })
    .where(eq(users.id, row.id));
  await revokeEverySession(tx, row.id);
  return { before: flagsOf(row, now), account: row.account, password };
}
