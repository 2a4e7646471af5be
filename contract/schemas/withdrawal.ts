import { z } from "zod";

import { idField, moneyField, payPasswordField, requestIdField } from "./fields";
import { totpCodeField } from "./two-factor";

export const withdrawRequest = z.object({
  amount: moneyField(),
  cardId: idField(),
  payPassword: payPasswordField(),
  requestId: requestIdField(),
  /** the authenticator's current code: required once two-step sign-in is on */
  code: totpCodeField().optional(),
});
