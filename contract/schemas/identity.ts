import { z } from "zod";

import { isResidentId } from "../resident-id";
import { idField, requestIdField, requiredOrInvalid } from "./fields";

export const certificationRequest = z.object({
  name: z
    .string({ error: requiredOrInvalid })
    .trim()
    .min(1, { error: "field_required" })
    .max(60, { error: "field_too_long" })
    .regex(/^[\p{L}][\p{L}\p{M} .·'-]{1,59}$/u, { error: "wrong_name" }),
  idNumber: z
    .string({ error: requiredOrInvalid })
    .trim()
    .min(1, { error: "field_required" })
    .max(30, { error: "field_too_long" })
    // the age needs a clock: the server checks it against its own
    .refine(isResidentId, { error: "wrong_id_number" }),
  agree: z.literal("1", { error: "agreement_required" }),
  requestId: requestIdField(),
});

/** operator: pass or refuse a real-name request */
export const reviewVerificationRequest = z.object({
  id: idField(),
  decision: z.enum(["pass", "refuse"], { error: "invalid_input" }),
  reason: z.string({ error: "invalid_input" }).max(200).default(""),
});
