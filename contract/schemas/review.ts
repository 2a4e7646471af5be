import { z } from "zod";

import { idField } from "./fields";

/** An operator's decision on one recharge or withdrawal, with the reason the customer is told. */
export const reviewDecisionRequest = z.object({
  id: idField(),
  decision: z.enum(["approve", "reject"], { error: "invalid_input" }),
  reason: z.string({ error: "invalid_input" }).max(200).default(""),
});
