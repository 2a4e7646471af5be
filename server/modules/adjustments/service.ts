import { and, eq } from "drizzle-orm";

import { ADJUSTMENT_LEDGER_REASON, type AdjustmentDirection, type AdjustmentForOps } from "#contract/adjustments";

import { adjustments, users } from "../../db/schema";
import type { ServiceContext } from "../context";
import { AppError } from "../errors";
import { tellConsoleAdjustmentChanged } from "../events/console-events";
import { sendAdjustmentNotice } from "../inbox/adjustment-notice";
import type { Translate } from "../inbox/customer-message";
import { moveMoney } from "../ledger/service";
import { assertNotOwnCustomer } from "../operators/own-customer";
import { assertWithinCorrectable, correctionTarget } from "./corrections";
import { forOps } from "./for-ops";

/** Who proposes or decides: a named person (the machine token moves no money). */
interface Person {
  id: number;
  username: string;
}

/**
 * One person's proposal of a credit or debit of a customer's cash. Nothing moves yet: a second, different
 * person applies it. A correction is checked now (its record, its direction, what is left of it to correct)
 * so a proposal that could never apply is refused at once; applying checks again.
 */
export async function proposeAdjustment(
  ctx: ServiceContext,
  input: { account: string; direction: AdjustmentDirection; amount: number; reason: string; recharge?: number; ledger?: number },
  proposer: Person,
): Promise<AdjustmentForOps> {
  const [user] = await ctx.db.select({ id: users.id, account: users.account }).from(users).where(eq(users.account, input.account));
  if (!user) throw new AppError("user_not_found");
  await assertNotOwnCustomer(ctx.db, proposer.id, user.id);
  const target = await correctionTarget(ctx.db, user.id, input.direction, input);
  await assertWithinCorrectable(ctx.db, target, input.amount);
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(adjustments)
      .values({
        userId: user.id,
        direction: input.direction,
        amount: input.amount,
        reason: input.reason.trim(),
        correctsRecharge: target.recharge,
        correctsLedger: target.ledger,
        proposedBy: proposer.id,
        proposedByName: proposer.username,
        proposedAt: now,
      })
      .returning();
    // the second people's lists show it once it has committed
    await tellConsoleAdjustmentChanged(tx, row!.id, "proposed", now);
    return forOps(row!, user.account);
  });
}

/**
 * A second person's decision. Applying changes the status and writes the one `adjustment` ledger row in one
 * transaction, under the customer's row lock: a debit the cash cannot cover is refused (and the proposal stays
 * pending), a correction is checked against what its record has left, and the status change is conditional on
 * `pending`, so two applications at once book once. The proposer can neither apply nor reject their own. An
 * application also writes the customer's message (in their language) and the events of their wallet, inbox and
 * the console's list, in the same transaction.
 */
export async function decideAdjustment(
  ctx: ServiceContext,
  input: { id: number; decision: "apply" | "reject"; note: string },
  decider: Person,
  translate: Translate,
): Promise<AdjustmentForOps> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(adjustments).where(eq(adjustments.id, input.id));
    if (!current) throw new AppError("record_not_found");
    if (current.status !== "pending") throw new AppError("already_reviewed");
    if (current.proposedBy === decider.id) throw new AppError("second_approval_required");
    await assertNotOwnCustomer(tx, decider.id, current.userId);
    // every application for this customer queues here, so corrections of one record count each other
    const [user] = await tx.select({ account: users.account }).from(users).where(eq(users.id, current.userId)).for("update");
    const apply = input.decision === "apply";
    if (apply && (current.correctsRecharge !== null || current.correctsLedger !== null)) {
      const target = await correctionTarget(tx, current.userId, current.direction, {
        ...(current.correctsRecharge !== null ? { recharge: current.correctsRecharge } : {}),
        ...(current.correctsLedger !== null ? { ledger: current.correctsLedger } : {}),
      });
      await assertWithinCorrectable(tx, target, current.amount);
    }
    const [decided] = await tx
      .update(adjustments)
      .set({
        status: apply ? "applied" : "rejected",
        decidedBy: decider.id,
        decidedByName: decider.username,
        decidedAt: now,
        decisionNote: input.note.trim() || null,
      })
      .where(and(eq(adjustments.id, current.id), eq(adjustments.status, "pending")))
      .returning();
    if (!decided) throw new AppError("already_reviewed");
    if (apply) {
      const delta = current.direction === "credit" ? current.amount : -current.amount;
      await moveMoney(tx, current.userId, [{ account: "cash", delta, reason: ADJUSTMENT_LEDGER_REASON }], `adjustment:${current.id}`, now);
      await sendAdjustmentNotice(tx, translate, { ...current, now });
    }
    await tellConsoleAdjustmentChanged(tx, current.id, apply ? "applied" : "rejected", now);
    return forOps(decided, user!.account);
  });
}
