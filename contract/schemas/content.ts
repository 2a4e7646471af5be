import { z } from "zod";

const slug = () =>
  z
    .string({ error: (i) => (i.input === undefined ? "field_required" : "invalid_input") })
    .regex(/^[a-z0-9-]{1,60}$/, { error: "invalid_input" });

export const contentListRequest = z.object({
  kind: z.enum(["news", "company", "notice"], { error: "invalid_input" }).default("news"),
  page: z
    .string({ error: "invalid_input" })
    .regex(/^\d{1,6}$/, { error: "invalid_input" })
    .transform(Number)
    .refine((n) => n >= 1, { error: "invalid_input" })
    .default(1),
});

export const contentIdRequest = z.object({ id: slug() });
