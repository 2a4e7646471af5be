import { z } from "zod";

import { MARKETS, PERIODS } from "../markets";
import { parseAmount, rateToBps } from "../money";
import { centsField, countField, idField, rateBpsField, requiredOrInvalid, switchField } from "./fields";

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

// ── operator: a product's ticket settings (none of them touches prices or outcomes) ──

export const productTradingRequest = z.object({ pid: idField(), enabled: switchField() });

/** One settlement option as the operator types it: seconds:payoutRate:min:max. */
const OPTION = /^(\d{1,5}):([01](?:\.\d{1,4})?):(\d{1,12}(?:\.\d{1,2})?):(\d{1,12}(?:\.\d{1,2})?)$/;

/** A product's settlement options, comma separated (at most ten), parsed to seconds, basis points and cents. */
export const productOptionsRequest = z.object({
  pid: idField(),
  options: z
    .string({ error: requiredOrInvalid })
    .refine((text) => text.split(",").length <= 10 && text.split(",").every((entry) => OPTION.test(entry)), { error: "invalid_input" })
    .transform((text) =>
      text.split(",").map((entry) => {
        const [, seconds, rate, min, max] = OPTION.exec(entry)!;
        return {
          seconds: Number(seconds),
          payoutBps: rateToBps(rate!) ?? 0,
          minAmount: parseAmount(min!) ?? 0,
          maxAmount: parseAmount(max!) ?? 0,
        };
      }),
    ),
});

export const productLimitsRequest = z.object({
  pid: idField(),
  feeRate: rateBpsField(),
  singleMin: centsField(),
  singleMax: centsField(),
  totalMax: centsField(),
});

/**
 * The most seconds a real-fed product's recent price is trusted without a trade (the reference of its outlier
 * band). Small, because an old price says little about the next trade; the service refuses more with
 * `feed_stale_seconds_range`, and migration 0022 brought larger stored values down to it.
 */
export const FEED_STALE_SECONDS_MAX = 10;

export const productFeedRequest = z.object({
  pid: idField(),
  source: z.string({ error: requiredOrInvalid }).regex(/^(simulated|binance:[a-z0-9]{2,30})$/, { error: "invalid_input" }),
  // parsed as any whole number, so an out-of-range one gets the clear range message from the service
  staleSeconds: countField(4).default(FEED_STALE_SECONDS_MAX),
});

export const productQuotingRequest = z.object({
  pid: idField(),
  requoteToleranceBps: countField(3),
  maxQuoteAgeSeconds: countField(2),
});
