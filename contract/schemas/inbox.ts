import { z } from "zod";

import { idField, requiredText } from "./fields";

export const messageRequest = z.object({ id: idField() });

/** operator: a message to one account, or to everyone when no account is given */
export const sendMessageRequest = z.object({
  account: z.string({ error: "invalid_input" }).max(40).optional(),
  title: requiredText(),
  body: z.string({ error: "field_required" }).min(1, { error: "field_required" }).max(2000, { error: "field_too_long" }),
  type: z.enum(["system", "notice", "activity"], { error: "invalid_input" }).default("system"),
});
