import { and, eq, sql } from "drizzle-orm";

import type { AdjustmentDirection } from "#contract/adjustments";
import { centsToDecimal } from "#contract/format";

import type { Db, Tx } from "../../db/client";
import { adjustments, ledger, recharges } from "../../db/schema";
import { AppError } from "../errors";

/** What an adjustment corrects, as stored: a recharge or one ledger row. */
export interface Corrects {
  recharge: number | null;
  ledger: number | null;
}

/**
 * Which record a correction names, checked against the customer: it must be theirs, and the correction goes
 * against it (a credit is corrected by a debit). A ledger row that is a recharge's credit is taken as that
 * recharge, so one wrong credit cannot be corrected twice over by naming it both ways.
 */
export async function correctionTarget(
  db: Db | Tx,
  userId: number,
  direction: AdjustmentDirection,
  named: { recharge?: number; ledger?: number },
): Promise<Corrects & { cap: number }> {
  if (named.recharge !== undefined && named.ledger !== undefined) throw new AppError("invalid_input", {}, "request");
  if (named.ledger !== undefined) {
    const [row] = await db.select().from(ledger).where(eq(ledger.id, named.ledger));
    if (!row || row.userId !== userId) throw new AppError("record_not_found");
    const recharge = row.reason === "recharge" ? /^recharge:(\d+)$/.exec(row.reference ?? "") : null;
    if (recharge) return correctionTarget(db, userId, direction, { recharge: Number(recharge[1]) });
    if (row.delta > 0 !== (direction === "debit")) throw new AppError("correction_wrong_direction");
    return { recharge: null, ledger: row.id, cap: Math.abs(row.delta) };
  }
  if (named.recharge !== undefined) {
    const [row] = await db.select().from(recharges).where(eq(recharges.id, named.recharge));
    if (!row || row.userId !== userId) throw new AppError("record_not_found");
    if (direction !== "debit") throw new AppError("correction_wrong_direction");
    // a recharge that was never approved credited nothing, so nothing of it can be corrected
    return { recharge: row.id, ledger: null, cap: row.status === "success" ? row.amount : 0 };
  }
  return { recharge: null, ledger: null, cap: 0 };
}

/**
 * Refuses a correction that would take the applied corrections of its record past the record's own amount.
 * Run under the customer's row lock when applying, so two corrections of one record applied at once count each
 * other.
 */
export async function assertWithinCorrectable(db: Db | Tx, target: Corrects & { cap: number }, amount: number): Promise<void> {
  if (target.recharge === null && target.ledger === null) return;
  const same =
    target.recharge !== null ? eq(adjustments.correctsRecharge, target.recharge) : eq(adjustments.correctsLedger, target.ledger!);
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${adjustments.amount}), 0)` })
    .from(adjustments)
    .where(and(same, eq(adjustments.status, "applied")));
  const left = target.cap - Number(row?.total ?? 0);
  if (amount > left) throw new AppError("correction_exceeded", { max: centsToDecimal(Math.max(left, 0)) });
}
