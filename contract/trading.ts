import { z } from "zod";

import { requestIdField } from "./fields";
import { DIRECTIONS, MARKETS, PERIODS } from "./markets";

/** Request schemas of the quotes and trading endpoints. Error keys are the zod messages (see fields.ts). */
const required = (issue: { input: unknown }) => (issue.input === undefined ? "field_required" : "invalid_input");

export const idField = () =>
  z
    .string({ error: required })
    .min(1, { error: "field_required" })
    .regex(/^\d{1,9}$/, { error: "invalid_input" })
    .transform(Number);

export const pidRequest = z.object({ pid: idField() });

export const marketListRequest = z.object({ market: z.enum(MARKETS, { error: "invalid_input" }).optional() });

export const latestQuotesRequest = z.object({
  pids: z
    .string({ error: required })
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

export const placeOrderRequest = z.object({
  pid: idField(),
  direction: z.enum(DIRECTIONS, { error: required }),
  seconds: z
    .string({ error: required })
    .regex(/^\d{1,6}$/, { error: "invalid_input" })
    .transform(Number),
  amount: z
    .string({ error: required })
    .trim()
    .min(1, { error: "field_required" })
    .regex(/^\d{1,12}(\.\d{1,2})?$/, { error: "invalid_input" }),
  /** the price the customer saw when tapping: refused as price_moved when the server's is beyond the product's tolerance */
  price: z
    .string({ error: "invalid_input" })
    .regex(/^\d{1,12}(\.\d{1,10})?$/, { error: "invalid_input" })
    .refine((shown) => Number(shown) > 0, { error: "invalid_input" })
    .optional(),
  requestId: requestIdField(),
});

export const orderIdRequest = z.object({ id: idField() });

export const pageRequest = z.object({
  page: z
    .string({ error: "invalid_input" })
    .regex(/^\d{1,6}$/, { error: "invalid_input" })
    .transform(Number)
    .refine((n) => n >= 1, { error: "invalid_input" })
    .default(1),
});

export type PlaceOrderRequest = z.input<typeof placeOrderRequest>;
