import { z } from "zod";

import { MARKETS, PERIODS } from "../markets";
import { idField, requiredOrInvalid } from "./fields";

export const pidRequest = z.object({ pid: idField() });

export const marketListRequest = z.object({ market: z.enum(MARKETS, { error: "invalid_input" }).optional() });

export const latestQuotesRequest = z.object({
  pids: z
    .string({ error: requiredOrInvalid })
    .min(1, { error: "field_required" })
    .regex(/^\d{1,9}(,\d{1,9}){0,49}$/, { error: "invalid_input" })
    .transform((text) => [...new Set(text.split(",").map(Number))]),
});

export const klineRequest = z.object({
  pid: idField(),
  period: z.enum(PERIODS, { error: "invalid_input" }).default("1m"),
  limit: z
    .string({ error: "invalid_input" })
    .regex(/^\d{1,4}$/, { error: "invalid_input" })
    .transform(Number)
    .refine((n) => n >= 1 && n <= 5000, { error: "invalid_input" })
    .default(300),
});
