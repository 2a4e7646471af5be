import { z } from "zod";

import { moneyField, payPasswordField, requestIdField, requiredOrInvalid } from "./fields";

export const exchangeRequest = z.object({
  from: z.enum(["cash", "coin"], { error: requiredOrInvalid }),
  amount: moneyField(),
  payPassword: payPasswordField(),
  requestId: requestIdField(),
});
