import { z } from "zod";

import { ORDER_RESULTS } from "../order-reports";
import { pageRequest } from "./fields";
import { accountField } from "./trading";

/** Request schemas of the Order tab's reports: the filtered history and the statement. */
const optionalId = z
  .string({ error: "invalid_input" })
  .regex(/^\d{1,9}$/, { error: "invalid_input" })
  .transform(Number)
  .optional();

const unixSeconds = z
  .string({ error: "invalid_input" })
  .regex(/^\d{1,11}$/, { error: "invalid_input" })
  .transform(Number)
  .optional();

/** The history page, narrowed by product, result and settlement time (`since` ≤ settled < `until`, Unix seconds). */
export const orderHistoryRequest = pageRequest
  .extend({
    pid: optionalId,
    result: z.enum(ORDER_RESULTS, { error: "invalid_input" }).optional(),
    since: unixSeconds,
    until: unixSeconds,
    account: accountField(),
  })
  .refine((input) => input.since === undefined || input.until === undefined || input.since < input.until, {
    error: "invalid_input",
    path: ["until"],
  });

/**
 * The statement of the last `days` days, today included. Days are cut at the reader's clock: `offset` is their
 * zone's minutes east of UTC now (480 in Shanghai, -300 in New York in winter).
 */
export const statementRequest = z.object({
  days: z.enum(["7", "30", "90"], { error: "invalid_input" }).transform(Number).default(7),
  offset: z
    .string({ error: "invalid_input" })
    .regex(/^-?\d{1,3}$/, { error: "invalid_input" })
    .transform(Number)
    .refine((minutes) => minutes >= -720 && minutes <= 840, { error: "invalid_input" })
    .default(0),
});
