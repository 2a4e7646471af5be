import { z } from "zod";

import { pageRequest } from "./trading";

/** Request schemas and answers of the Order tab's reports: the filtered history and the statement. */
const optionalId = z
  .string({ error: "invalid_input" })
  .regex(/^\d{1,9}$/, { error: "invalid_input" })
  .transform(Number)
  .optional();

const unixSeconds = z
  .string({ error: "invalid_input" })
  .regex(/^\d{1,11}$/, { error: "invalid_input" })
  .transform(Number)
  .optional();

export const ORDER_RESULTS = ["win", "loss", "tie"] as const;

/** The history page, narrowed by product, result and settlement time (`since` ≤ settled < `until`, Unix seconds). */
export const orderHistoryRequest = pageRequest
  .extend({
    pid: optionalId,
    result: z.enum(ORDER_RESULTS, { error: "invalid_input" }).optional(),
    since: unixSeconds,
    until: unixSeconds,
  })
  .refine((input) => input.since === undefined || input.until === undefined || input.since < input.until, {
    error: "invalid_input",
    path: ["until"],
  });

export type OrderHistoryFilter = Partial<Pick<z.infer<typeof orderHistoryRequest>, "pid" | "result" | "since" | "until">>;

export const STATEMENT_DAYS = [7, 30, 90] as const;

/**
 * The statement of the last `days` days, today included. Days are cut at the reader's clock: `offset` is their
 * zone's minutes east of UTC now (480 in Shanghai, -300 in New York in winter).
 */
export const statementRequest = z.object({
  days: z.enum(["7", "30", "90"], { error: "invalid_input" }).transform(Number).default(7),
  offset: z
    .string({ error: "invalid_input" })
    .regex(/^-?\d{1,3}$/, { error: "invalid_input" })
    .transform(Number)
    .refine((minutes) => minutes >= -720 && minutes <= 840, { error: "invalid_input" })
    .default(0),
});

/** Money figures of settled orders, as decimal strings: stake, fee, what settlement paid back, and the net change. */
export interface StatementFigures {
  orders: number;
  wins: number;
  losses: number;
  ties: number;
  stake: string;
  fee: string;
  payout: string;
  /** payout − stake − fee: what the orders did to the balance */
  net: string;
}

export interface Statement {
  days: number;
  /** the first second counted (the reader's midnight `days − 1` days ago) and the moment it was made */
  from: number;
  to: number;
  totals: StatementFigures;
  /** wins ÷ settled orders, as a percentage with one decimal ("62.5"); "0.0" without orders */
  winRate: string;
  /** one entry per day of the period, oldest first, days without orders included */
  daily: Array<{ day: string; orders: number; net: string }>;
  /** one entry per product traded, the largest stake first */
  products: Array<StatementFigures & { pid: number; code: string; name: string }>;
}
