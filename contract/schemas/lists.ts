import { z } from "zod";

import {
  ADJUSTMENT_LIST_STATUSES,
  CUSTOMER_STATES,
  LEDGER_ACCOUNTS,
  LIST_SORTS,
  type ListName,
  MONEY_QUEUE_STATUSES,
  SORT_ORDERS,
  VERIFICATION_STATUSES,
  WITHDRAWAL_QUEUE_STATUSES,
} from "../lists";
import { parseAmount } from "../money";
import { AMOUNT_PATTERN } from "./fields";

/**
 * The console's list requests: every filter is optional, parsed here (dates to unix seconds, amounts to cents),
 * so a service never reads text, and a value that does not parse is refused naming its field.
 */

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?Z$/;

/** A date (a whole UTC day) or an instant in ISO 8601 UTC, as unix seconds; `end` moves a bare date to its day's end. */
function parseDate(text: string, end: boolean): number | null {
  const day = DAY.exec(text);
  const instant = INSTANT.exec(text);
  const parts = (day ?? instant)?.slice(1).map((part) => (part === undefined ? 0 : Number(part)));
  if (!parts) return null;
  const [year = 0, month = 1, date = 1, hour = 0, minute = 0, second = 0] = parts;
  const ms = Date.UTC(year, month - 1, date, hour, minute, second);
  const back = new Date(ms);
  // Date.UTC rolls 30 February over into March: a date that does not come back as written does not exist
  if (
    back.getUTCFullYear() !== year ||
    back.getUTCMonth() !== month - 1 ||
    back.getUTCDate() !== date ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  )
    return null;
  const seconds = ms / 1000;
  // the bound is exclusive: the end of a day is the next day's start, the end of an instant the next second
  return end ? seconds + (day ? 86_400 : 1) : seconds;
}

export const dateField = (end: boolean) =>
  z
    .string({ error: "invalid_input" })
    .trim()
    .max(30, { error: "invalid_input" })
    .transform((text, context) => {
      if (text === "") return undefined;
      const seconds = parseDate(text, end);
      if (seconds === null) {
        context.addIssue({ code: "custom", message: "invalid_input", input: text });
        return z.NEVER;
      }
      return seconds;
    })
    .optional();

/** An amount bound as typed in U (two decimals at most), as cents; empty is no bound. */
const amountBound = () =>
  z
    .string({ error: "invalid_input" })
    .trim()
    .transform((text, context) => {
      if (text === "") return undefined;
      if (!AMOUNT_PATTERN.test(text)) {
        context.addIssue({ code: "custom", message: "invalid_input", input: text });
        return z.NEVER;
      }
      return parseAmount(text) ?? 0;
    })
    .optional();

/** Free text to search for (an account or phone, an id, a reference); empty is no search. */
const searchField = () =>
  z
    .string({ error: "invalid_input" })
    .trim()
    .max(80, { error: "field_too_long" })
    .transform((text) => text || undefined)
    .optional();

const choice = <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: "invalid_input" }).optional();

/** A cursor the server handed out: opaque, URL-safe. */
export const cursorField = () =>
  z
    .string({ error: "invalid_input" })
    .regex(/^[A-Za-z0-9_-]{1,300}$/, { error: "invalid_input" })
    .optional();

/** What every list takes: a page's cursor, the sort column and order, a date range and a search. */
function listShape<L extends ListName>(list: L) {
  return {
    cursor: cursorField(),
    sort: z
      .enum(LIST_SORTS[list] as unknown as [(typeof LIST_SORTS)[L][number], ...(typeof LIST_SORTS)[L][number][]], {
        error: "invalid_input",
      })
      .optional(),
    order: choice(SORT_ORDERS),
    since: dateField(false),
    until: dateField(true),
    q: searchField(),
  };
}

type Bounded = { since?: number; until?: number; minAmount?: number; maxAmount?: number };

/** A range whose end comes before its start is refused on the end's field. */
export const rangesInOrder = (value: Bounded, context: z.RefinementCtx) => {
  if (value.since !== undefined && value.until !== undefined && value.until <= value.since)
    context.addIssue({ code: "custom", message: "invalid_input", path: ["until"], input: value.until });
  if (value.minAmount !== undefined && value.maxAmount !== undefined && value.maxAmount < value.minAmount)
    context.addIssue({ code: "custom", message: "invalid_input", path: ["maxAmount"], input: value.maxAmount });
};

const moneyQueue = <L extends "recharges" | "withdrawals", const S extends readonly [string, ...string[]]>(list: L, statuses: S) =>
  z
    .object({
      ...listShape(list),
      status: z.enum(statuses, { error: "invalid_input" }).default("review"),
      minAmount: amountBound(),
      maxAmount: amountBound(),
    })
    .superRefine(rangesInOrder);

/** The recharge queue: status (waiting by default), date and amount ranges, search, sort by time or amount. */
export const rechargeListRequest = moneyQueue("recharges", MONEY_QUEUE_STATUSES);
/** The withdrawal queue: the same, and awaiting_payout (approved, payment not yet marked) as a status. */
export const withdrawalListRequest = moneyQueue("withdrawals", WITHDRAWAL_QUEUE_STATUSES);

export const verificationListRequest = z
  .object({ ...listShape("verifications"), status: z.enum(VERIFICATION_STATUSES, { error: "invalid_input" }).default("review") })
  .superRefine(rangesInOrder);

/** Customers: by registration date, state, search (account, phone, id, invite code); sorted by date or cash. */
export const customerListRequest = z.object({ ...listShape("users"), state: choice(CUSTOMER_STATES) }).superRefine(rangesInOrder);

/** Every customer's ledger rows: by date, kind, balance and amount (its size, either way), searched by customer or reference. */
export const ledgerListRequest = z
  .object({
    ...listShape("ledger"),
    ledgerKind: z
      .string({ error: "invalid_input" })
      .regex(/^[a-z_]{0,40}$/, { error: "invalid_input" })
      .transform((text) => text || undefined)
      .optional(),
    balance: choice(LEDGER_ACCOUNTS),
    minAmount: amountBound(),
    maxAmount: amountBound(),
  })
  .superRefine(rangesInOrder);

const optionalName = (max: number) =>
  z
    .string({ error: "invalid_input" })
    .trim()
    .max(max, { error: "field_too_long" })
    .transform((text) => text || undefined)
    .optional();

/** The audit log: by date, operator, action, and a search of the target ("withdrawal:12") or address. */
export const auditListRequest = z
  .object({ ...listShape("audit"), actor: optionalName(40), action: optionalName(80), target: optionalName(80) })
  .superRefine(rangesInOrder);

/**
 * Manual adjustments: status (waiting for a second person by default), date of the proposal, amount range, who
 * proposed it and who decided it (an operator's name, as shown), and the customer (account, phone, user:7) or the
 * adjustment's id.
 */
export const adjustmentListRequest = z
  .object({
    ...listShape("adjustments"),
    status: z.enum(ADJUSTMENT_LIST_STATUSES, { error: "invalid_input" }).default("pending"),
    minAmount: amountBound(),
    maxAmount: amountBound(),
    proposer: optionalName(40),
    decider: optionalName(40),
  })
  .superRefine(rangesInOrder);

export type RechargeListFilter = z.infer<typeof rechargeListRequest>;
export type WithdrawalListFilter = z.infer<typeof withdrawalListRequest>;
export type VerificationListFilter = z.infer<typeof verificationListRequest>;
export type CustomerListFilter = z.infer<typeof customerListRequest>;
export type LedgerListFilter = z.infer<typeof ledgerListRequest>;
export type AuditListFilter = z.infer<typeof auditListRequest>;
export type AdjustmentListFilter = z.infer<typeof adjustmentListRequest>;
