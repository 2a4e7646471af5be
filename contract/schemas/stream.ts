import { z } from "zod";

/** GET /api/stream: the one-use ticket from POST /api/user/stream_ticket, and the last event id already seen. */
export const streamRequest = z.object({
  ticket: z.string({ error: "login_required" }).regex(/^[A-Za-z0-9_-]{43}$/, { error: "login_required" }),
  lastEventId: z
    .string({ error: "invalid_input" })
    .regex(/^\d{1,15}$/, { error: "invalid_input" })
    .transform(Number)
    .optional(),
});
