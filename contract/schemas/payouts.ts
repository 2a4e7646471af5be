import { z } from "zod";

import { REVIEW_STATUSES } from "../review";
import { idField, textField } from "./fields";

/** The withdrawal queue: a review status, or the approved ones whose payment is still to be marked. */
export const withdrawalQueueRequest = z.object({
  status: z.enum([...REVIEW_STATUSES, "all", "awaiting_payout"], { error: "invalid_input" }).default("review"),
});

/** finance: an approved withdrawal reached the customer; the bank's reference for it (one per channel) */
export const payoutPaidRequest = z.object({ id: idField(), reference: textField(64) });

/** finance: the bank refused or returned the payment; the reason the customer is told */
export const payoutFailedRequest = z.object({ id: idField(), reason: textField(200) });
