import { z } from "zod";

import { requiredOrInvalid } from "./fields";

export const messageRequest = z.object({
  id: z
    .string({ error: requiredOrInvalid })
    .regex(/^\d{1,9}$/, { error: "invalid_input" })
    .transform(Number),
});
