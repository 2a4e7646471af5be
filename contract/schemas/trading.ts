import { z } from "zod";

import { DIRECTIONS } from "../trading";
import { idField, moneyField, requestIdField, requiredOrInvalid } from "./fields";

export const placeOrderRequest = z.object({
  pid: idField(),
  direction: z.enum(DIRECTIONS, { error: requiredOrInvalid }),
  seconds: z
    .string({ error: requiredOrInvalid })
    .regex(/^\d{1,6}$/, { error: "invalid_input" })
    .transform(Number),
  amount: moneyField(),
  /** the price the customer saw when tapping: refused as price_moved when the server's is beyond the product's tolerance */
  price: z
    .string({ error: "invalid_input" })
    .regex(/^\d{1,12}(\.\d{1,10})?$/, { error: "invalid_input" })
    .refine((shown) => Number(shown) > 0, { error: "invalid_input" })
    .optional(),
  requestId: requestIdField(),
});

export const orderIdRequest = z.object({ id: idField() });

export type PlaceOrderRequest = z.input<typeof placeOrderRequest>;
