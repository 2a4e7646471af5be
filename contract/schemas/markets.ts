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

/** A candle time bound in unix seconds: the chart pages back (`before`) and forward again (`after`) from what it holds. */
const candleTimeField = () =>
  z
    .string({ error: "invalid_input" })
    .regex(/^\d{1,10}$/, { error: "invalid_input" })
    .transform(Number)
    .optional();

export const klineRequest = z
  .object({
    pid: idField(),
    period: z.enum(PERIODS, { error: "invalid_input" }).default("1m"),
    limit: z
      .string({ error: "invalid_input" })
      .regex(/^\d{1,4}$/, { error: "invalid_input" })
      .transform(Number)
      .refine((n) => n >= 1 && n <= 5000, { error: "invalid_input" })
      .default(300),
    /** only candles that start before this time: the `limit` newest of them */
    before: candleTimeField(),
    /** only candles that start after this time: the `limit` oldest of them */
    after: candleTimeField(),
  })
  .refine((request) => request.before === undefined || request.after === undefined, { error: "invalid_input", path: ["before"] });
