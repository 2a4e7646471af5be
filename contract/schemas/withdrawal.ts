import { z } from "zod";

import { amountField, idField, payPasswordField, requestIdField } from "./fields";

export const withdrawRequest = z.object({
  amount: amountField(),
  cardId: idField(),
  payPassword: payPasswordField(),
  requestId: requestIdField(),
});
