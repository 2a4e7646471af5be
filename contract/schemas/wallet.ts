import { z } from "zod";

import { FUNDS_KINDS } from "../wallet";
import { moneyField, pageRequest, payPasswordField, requestIdField, requiredOrInvalid } from "./fields";

export const exchangeRequest = z.object({
  from: z.enum(["cash", "coin"], { error: requiredOrInvalid }),
  amount: moneyField(),
  payPassword: payPasswordField(),
  requestId: requestIdField(),
});

/** The funds records: a page, and optionally one kind of line (an empty kind is every kind). */
export const fundsRequest = pageRequest.extend({
  kind: z.preprocess((value) => (value === "" ? undefined : value), z.enum(FUNDS_KINDS, { error: "invalid_input" }).optional()),
});
