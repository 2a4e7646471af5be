/** The states of an operator's review of a recharge or a withdrawal. */

export const REVIEW_STATUSES = ["review", "success", "failed"] as const;

export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
