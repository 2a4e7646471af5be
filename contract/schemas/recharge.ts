import { z } from "zod";

import { amountField, idField, requestIdField, requiredOrInvalid } from "./fields";

export const rechargeRequest = z.object({
  channelId: idField(),
  amount: amountField(),
  screenshot: z
    .string({ error: requiredOrInvalid })
    .min(1, { error: "field_required" })
    .regex(/^\/api\/files\/[a-f0-9]{32}\.(png|jpg|webp)$/, { error: "invalid_input" }),
  requestId: requestIdField(),
});
