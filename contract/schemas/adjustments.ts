import { z } from "zod";

import { ADJUSTMENT_DIRECTIONS } from "../adjustments";
import { idField, moneyField, requiredText, textField } from "./fields";

/** An optional id as a form sends it: an empty field is no id. */
const optionalId = () => z.preprocess((value) => (value === "" ? undefined : value), idField().optional());

/** finance or admin: a credit or debit of a customer's cash, waiting for a second person */
export const adjustmentProposalRequest = z.object({
  account: requiredText(),
  direction: z.enum(ADJUSTMENT_DIRECTIONS, { error: "invalid_input" }),
  amount: moneyField(),
  reason: textField(200),
  /** a correction of a recharge (a wrong credit is corrected by a debit naming it) */
  recharge: optionalId(),
  /** or of one ledger row */
  ledger: optionalId(),
});

/** a second, different person applies or rejects a pending adjustment */
export const adjustmentDecisionRequest = z.object({
  id: idField(),
  decision: z.enum(["apply", "reject"], { error: "invalid_input" }),
  note: z.string({ error: "invalid_input" }).trim().max(200, { error: "field_too_long" }).default(""),
});
