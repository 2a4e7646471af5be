import { z } from "zod";

import { amountField, payPasswordField, requestIdField, requiredOrInvalid } from "./fields";

export const exchangeRequest = z.object({
  from: z.enum(["cash", "coin"], { error: requiredOrInvalid }),
  amount: amountField(),
  payPassword: payPasswordField(),
  requestId: requestIdField(),
});
