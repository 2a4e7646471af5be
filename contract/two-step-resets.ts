/**
 * Support's switching off of a customer's two-step sign-in when the customer lost the phone and the recovery
 * codes: one operator proposes it with a reason, a second, different one applies it (or either cancels it).
 */

/** A proposal's reason: what support heard and how the caller proved who they are. */
export const TWO_STEP_RESET_REASON_MAX = 300;

export const TWO_STEP_RESET_STATUSES = ["pending", "applied", "cancelled"] as const;
export type TwoStepResetStatus = (typeof TWO_STEP_RESET_STATUSES)[number];

/** A proposal as the customer page shows it. */
export interface TwoStepResetForOps {
  id: number;
  account: string;
  reason: string;
  status: TwoStepResetStatus;
  proposedBy: number;
  proposedByName: string;
  proposedAt: number;
  decidedByName: string | null;
  decidedAt: number | null;
}

/** The customer page's two-step part: whether it is on, and the proposal waiting for a second person, if any. */
export interface CustomerTwoStep {
  account: string;
  on: boolean;
  pending: TwoStepResetForOps | null;
}
