import { z } from "zod";

import { LIMIT_FIELDS, type LimitField } from "../self-limits";
import { AMOUNT_PATTERN, requestIdField } from "./fields";

/**
 * A change of the customer's limits: only the fields sent change; an empty one removes that limit. Each is
 * text as a form sends it and keeps its unit (decimal money, minutes, Unix seconds); the service parses and
 * bounds them, for whether a value tightens or loosens depends on what is stored.
 */
const limitValue = z
  .string({ error: "invalid_input" })
  .trim()
  .regex(/^$|^\d{1,12}$/, { error: "invalid_input" })
  .or(z.string().trim().regex(AMOUNT_PATTERN, { error: "invalid_input" }));

export const setLimitsRequest = z.object({
  requestId: requestIdField(),
  ...(Object.fromEntries(LIMIT_FIELDS.map((field) => [field, limitValue.optional()])) as Record<
    LimitField,
    z.ZodOptional<typeof limitValue>
  >),
});
