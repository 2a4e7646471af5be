import { z } from "zod";

import { FUNDS_KINDS } from "../wallet";
import { moneyField, pageRequest, payPasswordField, requestIdField, requiredOrInvalid } from "./fields";
import { cursorField, dateField, rangesInOrder } from "./lists";

export const exchangeRequest = z.object({
  from: z.enum(["cash", "coin"], { error: requiredOrInvalid }),
  amount: moneyField(),
  payPassword: payPasswordField(),
  requestId: requestIdField(),
});

export const practiceResetRequest = z.object({ requestId: requestIdField() });

/**
 * The funds statement: a page (by number, as the spec asks, or by a cursor the last answer gave), optionally one
 * kind of line (an empty kind is every kind) and a period (`since`, `until`: a UTC day or an instant, as the
 * console's lists take them).
 */
export const fundsRequest = pageRequest
  .extend({
    kind: z.preprocess((value) => (value === "" ? undefined : value), z.enum(FUNDS_KINDS, { error: "invalid_input" }).optional()),
    cursor: cursorField(),
    since: dateField(false),
    until: dateField(true),
  })
  .superRefine(rangesInOrder);

/** The statement as CSV: the same filters, every line of them (no page). */
export const fundsCsvRequest = z
  .object({
    kind: z.preprocess((value) => (value === "" ? undefined : value), z.enum(FUNDS_KINDS, { error: "invalid_input" }).optional()),
    since: dateField(false),
    until: dateField(true),
  })
  .superRefine(rangesInOrder);

export type FundsFilter = z.infer<typeof fundsCsvRequest>;
