import { and, desc, eq, sql } from "drizzle-orm";

import { twoStepResetNotice } from "#contract/catalogue";
import type { CustomerTwoStep, TwoStepResetForOps } from "#contract/two-step-resets";

import type { Db, Tx } from "../../db/client";
import { recordEvents } from "../../db/outbox";
import { customerRecoveryCodes, customerTotp, twoStepResets, users } from "../../db/schema";
import { revokeEverySession } from "../accounts/sessions";
import { lockCustomer } from "../customers/desk-actions";
import { AppError } from "../errors";
import { type Translate, writeCustomerMessage } from "../inbox/customer-message";
import { assertNotOwnCustomer } from "../operators/own-customer";
import { requirePerson } from "../operators/person";
import { proposedAndDecidedOf } from "../operators/proposed-decided";
import type { OperatorIdentity } from "../operators/service";
import { enabledTotp } from "../two-factor/codes";

/**
 * Switching off a customer's two-step sign-in for them, when the phone is lost and no recovery code is left:
 * the customer cannot do it (it takes a code), so support does, on two people's word as a manual adjustment
 * is. One proposes with a reason, a different one applies; either may cancel instead. Each step runs in the
 * caller's transaction with its audit row (`opsWriteRoute`), and needs a person, never the machine token.
 */

type ResetRow = typeof twoStepResets.$inferSelect;

const forOps = (row: ResetRow, account: string): TwoStepResetForOps => ({
  id: row.id,
  account,
  reason: row.reason,
  status: row.status,
  ...proposedAndDecidedOf(row),
});

const utcMinute = (at: number) => new Date(at * 1000).toISOString().slice(0, 16).replace("T", " ");

/** Whether the customer's two-step sign-in is on, and the proposal to switch it off that waits, if any. */
export async function customerTwoStep(db: Db | Tx, account: string): Promise<CustomerTwoStep> {
  const [user] = await db
    .select({ id: users.id, account: users.account })
    .from(users)
    .where(sql`lower(${users.account}) = ${account.toLowerCase()}`);
  if (!user) throw new AppError("user_not_found");
  const [pending] = await db
    .select()
    .from(twoStepResets)
    .where(and(eq(twoStepResets.userId, user.id), eq(twoStepResets.status, "pending")))
    .orderBy(desc(twoStepResets.id))
    .limit(1);
  return { account: user.account, on: (await enabledTotp(db, user.id)) !== null, pending: pending ? forOps(pending, user.account) : null };
}

/**
 * One person's proposal to switch off the customer's two-step sign-in. Refused for a customer who has it off
 * (nothing to switch off) and while another proposal waits: the unique index over waiting proposals decides
 * between two proposed at once.
 */
export async function proposeTwoStepReset(tx: Db | Tx, actor: OperatorIdentity, input: { account: string; reason: string }, now: number) {
  const proposedBy = requirePerson(actor);
  const customer = await lockCustomer(tx, input.account);
  await assertNotOwnCustomer(tx, actor, customer.id);
  if (!(await enabledTotp(tx, customer.id))) throw new AppError("customer_two_step_off");
  const [row] = await tx
    .insert(twoStepResets)
    .values({ userId: customer.id, reason: input.reason, proposedBy, proposedByName: actor.username, proposedAt: now })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError("two_step_reset_pending");
  return { userId: customer.id, proposal: forOps(row, customer.account) };
}

/** The waiting proposal, locked for its decision, with its customer's row locked after it. */
async function lockPending(tx: Db | Tx, id: number) {
  const [row] = await tx.select().from(twoStepResets).where(eq(twoStepResets.id, id)).for("update");
  if (!row) throw new AppError("record_not_found");
  if (row.status !== "pending") throw new AppError("already_reviewed");
  const [customer] = await tx.select().from(users).where(eq(users.id, row.userId)).for("update");
  return { row, customer: customer! };
}

async function decide(
  tx: Db | Tx,
  row: ResetRow,
  actor: OperatorIdentity,
  decidedBy: number,
  status: "applied" | "cancelled",
  now: number,
) {
  const [decided] = await tx
    .update(twoStepResets)
    .set({ status, decidedBy, decidedByName: actor.username, decidedAt: now })
    .where(and(eq(twoStepResets.id, row.id), eq(twoStepResets.status, "pending")))
    .returning();
  if (!decided) throw new AppError("already_reviewed");
  return decided;
}

/**
 * A second person applies a waiting proposal: the authenticator and every recovery code go, every session of
 * the customer ends on every process, and the customer gets a message in their language, all in one
 * transaction with the status change, so none of it happens twice or in part. The proposer cannot apply their
 * own proposal. If the customer switched two-step sign-in off themselves meanwhile, it is refused: cancel it.
 */
export async function applyTwoStepReset(db: Db | Tx, actor: OperatorIdentity, id: number, translate: Translate, now: number) {
  const decidedBy = requirePerson(actor);
  return db.transaction((tx) => applyLocked(tx, actor, decidedBy, id, translate, now));
}

async function applyLocked(tx: Tx, actor: OperatorIdentity, decidedBy: number, id: number, translate: Translate, now: number) {
  const { row, customer } = await lockPending(tx, id);
  if (row.proposedBy === decidedBy) throw new AppError("second_approval_required");
  await assertNotOwnCustomer(tx, actor, row.userId);
  if (!(await enabledTotp(tx, row.userId))) throw new AppError("customer_two_step_off");
  const decided = await decide(tx, row, actor, decidedBy, "applied", now);
  await tx.delete(customerRecoveryCodes).where(eq(customerRecoveryCodes.userId, row.userId));
  await tx.delete(customerTotp).where(eq(customerTotp.userId, row.userId));
  await revokeEverySession(tx, row.userId);
  const messageId = await writeCustomerMessage(tx, translate, {
    userId: row.userId,
    title: twoStepResetNotice.title,
    body: twoStepResetNotice.body,
    values: { time: utcMinute(now) },
    now,
  });
  await recordEvents(tx, [{ userId: row.userId, kind: "message", data: { id: messageId } }], now);
  return { userId: row.userId, proposal: forOps(decided, customer.account) };
}

/** Withdraws a waiting proposal (the proposer's second thoughts, or a second person who will not apply it). */
export async function cancelTwoStepReset(tx: Db | Tx, actor: OperatorIdentity, id: number, now: number) {
  const decidedBy = requirePerson(actor);
  const { row, customer } = await lockPending(tx, id);
  const decided = await decide(tx, row, actor, decidedBy, "cancelled", now);
  return { userId: row.userId, proposal: forOps(decided, customer.account) };
}
