import { z } from "zod";

import { CARD_TYPES, isBankCardNumber, isCheckedCardNumber } from "../cards";
import { idField, payPasswordField, requestIdField, requiredOrInvalid, textField } from "./fields";

export const addCardRequest = z
  .object({
    type: z.enum(CARD_TYPES, { error: requiredOrInvalid }),
    bankName: textField(60),
    branch: z.string({ error: "invalid_input" }).trim().max(80, { error: "field_too_long" }).default(""),
    number: z
      .string({ error: requiredOrInvalid })
      .trim()
      .min(1, { error: "field_required" })
      .max(80, { error: "field_too_long" })
      // spaces as people type them in card numbers are allowed and removed before storing
      .regex(/^[A-Za-z0-9@._ -]{4,80}$/, { error: "invalid_input" }),
    holder: z.string({ error: "invalid_input" }).trim().max(60, { error: "field_too_long" }).default(""),
    payPassword: payPasswordField(),
    requestId: requestIdField(),
  })
  .superRefine((card, context) => {
    if (card.type === "bank" && !isBankCardNumber(card.number))
      context.addIssue({ code: "custom", path: ["number"], message: "card_number_invalid", input: card.number });
    else if (card.type === "bank" && !isCheckedCardNumber(card.number))
      context.addIssue({ code: "custom", path: ["number"], message: "card_number_check", input: card.number });
  })
  // only a bank has branches: an Alipay, WeChat or crypto account is stored without one
  .transform((card) => (card.type === "bank" ? card : { ...card, branch: "" }));

/** Unbinds one of the user's own cards; the fund password confirms it. */
export const deleteCardRequest = z.object({
  id: idField(),
  payPassword: payPasswordField(),
  requestId: requestIdField(),
});
