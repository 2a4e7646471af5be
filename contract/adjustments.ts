/** Manual adjustments of a customer's cash: proposed by one operator, applied or rejected by another. */

export const ADJUSTMENT_DIRECTIONS = ["credit", "debit"] as const;
export type AdjustmentDirection = (typeof ADJUSTMENT_DIRECTIONS)[number];

export const ADJUSTMENT_STATUSES = ["pending", "applied", "rejected"] as const;
export type AdjustmentStatus = (typeof ADJUSTMENT_STATUSES)[number];

/** The ledger row an applied adjustment writes (its reason column), shown to the customer as "Adjustment". */
export const ADJUSTMENT_LEDGER_REASON = "adjustment";

/** An adjustment as the console and the CLI list it. */
export interface AdjustmentForOps {
  id: number;
  userId: number;
  account: string;
  direction: AdjustmentDirection;
  amount: string;
  reason: string;
  /** "recharge:12" or "ledger:345" when it corrects one, else null */
  corrects: string | null;
  status: AdjustmentStatus;
  proposedBy: number;
  proposedByName: string;
  proposedAt: number;
  decidedByName: string | null;
  decidedAt: number | null;
  decisionNote: string | null;
}
