import { z } from "zod";

import { idField, moneyField, payPasswordField, requestIdField } from "./fields";

export const withdrawRequest = z.object({
  amount: moneyField(),
  cardId: idField(),
  payPassword: payPasswordField(),
  requestId: requestIdField(),
});
