import { z } from "zod";

import { idField, payPasswordField, requestIdField, moneyField } from "./fields";

export const withdrawRequest = z.object({
  amount: moneyField(),
  cardId: idField(),
  payPassword: payPasswordField(),
  requestId: requestIdField(),
});
