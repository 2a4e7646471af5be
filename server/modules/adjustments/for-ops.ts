import type { AdjustmentForOps } from "#contract/adjustments";
import { centsToDecimal } from "#contract/format";

import type { adjustments } from "../../db/schema";
import { proposedAndDecidedOf } from "../operators/proposed-decided";

export type AdjustmentRow = typeof adjustments.$inferSelect;

/** An adjustment as the console, the CLI and the export read it, with its customer's account. */
export function forOps(row: AdjustmentRow, account: string): AdjustmentForOps {
  return {
    id: row.id,
    userId: row.userId,
    account,
    direction: row.direction,
    amount: centsToDecimal(row.amount),
    reason: row.reason,
    corrects:
      row.correctsRecharge !== null
        ? `recharge:${row.correctsRecharge}`
        : row.correctsLedger !== null
          ? `ledger:${row.correctsLedger}`
          : null,
    status: row.status,
    ...proposedAndDecidedOf(row),
    decisionNote: row.decisionNote,
  };
}
