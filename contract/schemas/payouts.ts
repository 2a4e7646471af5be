import { z } from "zod";

import { idField, textField } from "./fields";

/** finance: an approved withdrawal reached the customer; the bank's reference for it (one per channel) */
export const payoutPaidRequest = z.object({ id: idField(), reference: textField(64) });

/** finance: the bank refused or returned the payment; the reason the customer is told */
export const payoutFailedRequest = z.object({ id: idField(), reason: textField(200) });
