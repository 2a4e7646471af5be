import { and, eq, sql } from "drizzle-orm";

import { centsToDecimal } from "#contract/format";
import type { PayoutMarked } from "#contract/ops-money-answers";

import { isUniqueViolation } from "../../db/errors";
import { withdrawals } from "../../db/schema";
import type { ServiceContext } from "../context";
import { AppError } from "../errors";
import { sendReviewNotice, type Translate } from "../inbox/review-notice";
import { moveMoney } from "../ledger/service";
import { assertNotOwnCustomer } from "../operators/own-customer";

/** What the bank said about one approved withdrawal's payment. */
export type PayoutOutcome = { paid: true; reference: string } | { paid: false; reason: string };

/**
 * Marks an approved withdrawal's payment paid (with the bank's reference) or failed (with the reason), exactly
 * once: the change is conditional on the payment still awaiting, so a second mark, or a paid and a failed mark
 * at once, leaves one of them standing and refuses the other. A failed payment returns the whole amount, fee
 * included, to the customer's cash in the same transaction, with its ledger row: the fee paid for a payment
 * that did not happen. `marker` is "operator:<id>", always a person.
 */
export async function markPayout(
  ctx: ServiceContext,
  id: number,
  outcome: PayoutOutcome,
  marker: string,
  translate: Translate,
): Promise<PayoutMarked> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id));
    if (!current) throw new AppError("record_not_found");
    if (current.status !== "success") throw new AppError("payout_not_approved");
    if (current.payoutState !== "awaiting") throw new AppError("payout_already_marked");
    await assertNotOwnCustomer(tx, marker, current.userId);
    const reference = outcome.paid ? outcome.reference.trim() : null;
    if (reference !== null) {
      // the unique index settles a race; this look-up gives the usual case its own answer without an aborted statement
      const [used] = await tx
        .select({ id: withdrawals.id })
        .from(withdrawals)
        .where(and(sql`coalesce(${withdrawals.payoutType}, '') = ${current.payoutType ?? ""}`, eq(withdrawals.payoutReference, reference)));
      if (used) throw new AppError("payout_reference_used");
    }
    const failure = outcome.paid ? null : outcome.reason.trim();
    let marked: Array<{ id: number }>;
    try {
      marked = await tx
        .update(withdrawals)
        .set({
          payoutState: outcome.paid ? "paid" : "failed",
          payoutReference: reference,
          payoutFailure: failure,
          payoutMarkedAt: now,
          payoutMarkedBy: marker,
        })
        .where(and(eq(withdrawals.id, id), eq(withdrawals.status, "success"), eq(withdrawals.payoutState, "awaiting")))
        .returning({ id: withdrawals.id });
    } catch (error) {
      if (isUniqueViolation(error, "withdrawals_payout_reference")) throw new AppError("payout_reference_used");
      throw error;
    }
    if (marked.length === 0) throw new AppError("payout_already_marked");
    if (!outcome.paid)
      await moveMoney(
        tx,
        current.userId,
        [{ account: "cash", delta: current.amount, reason: "withdrawal_returned" }],
        `withdrawal:${id}`,
        now,
      );
    await sendReviewNotice(tx, translate, {
      userId: current.userId,
      kind: outcome.paid ? "withdrawal_paid" : "withdrawal_failed",
      amounts: { amount: centsToDecimal(current.amount), actual: centsToDecimal(current.actual) },
      values: { reference: reference ?? "" },
      reason: failure ?? "",
      now,
    });
    return {
      id,
      payoutState: outcome.paid ? "paid" : "failed",
      payoutReference: reference,
      payoutFailure: failure,
      returned: outcome.paid ? null : centsToDecimal(current.amount),
    };
  });
}
