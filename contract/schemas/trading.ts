import { z } from "zod";

import { DIRECTIONS, ORDER_ACCOUNTS } from "../trading";
import { idField, moneyField, requestIdField, requiredOrInvalid } from "./fields";

export const placeOrderRequest = z.object({
  pid: idField(),
  direction: z.enum(DIRECTIONS, { error: requiredOrInvalid }),
  /** the settlement time as a duration option; ignored when `expiresAt` is given */
  seconds: z
    .string({ error: "invalid_input" })
    .regex(/^\d{1,6}$/, { error: "invalid_input" })
    .transform(Number)
    .optional(),
  /**
   * the settlement time as a clock time (Unix seconds, a whole minute): one of the boundaries the server offers
   * now (contract/clock-expiry.ts); the server computes the order's seconds and payout rate from it
   */
  expiresAt: z
    .string({ error: "invalid_input" })
    .regex(/^\d{1,12}$/, { error: "invalid_input" })
    .transform(Number)
    .optional(),
  amount: moneyField(),
  /** the price the customer saw when tapping: refused as price_moved when the server's is beyond the product's tolerance */
  price: z
    .string({ error: "invalid_input" })
    .regex(/^\d{1,12}(\.\d{1,10})?$/, { error: "invalid_input" })
    .refine((shown) => Number(shown) > 0, { error: "invalid_input" })
    .optional(),
  requestId: requestIdField(),
  /** whose money the order stakes: the customer's cash unless it says practice */
  account: accountField(),
});

/** Whether an order could be placed now, from the customer's cash or (account=practice) the practice balance. */
export const preTradeCheckRequest = z.object({ pid: idField(), account: accountField() });

/** The holding orders of one account (real unless asked). */
export const holdingOrdersRequest = z.object({ account: accountField() });

/** An order's account, or a list's: `real` (the default, what every caller before practice meant) or `practice`. */
export function accountField() {
  return z.enum(ORDER_ACCOUNTS, { error: "invalid_input" }).default("real");
}

export const orderIdRequest = z.object({ id: idField() });

export type PlaceOrderRequest = z.input<typeof placeOrderRequest>;
