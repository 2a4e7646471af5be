import { eq } from "drizzle-orm";

import { centsToDecimal } from "#contract/format";
import { parseAmount } from "#contract/money";
import {
  COUNT_LIMIT_FIELDS,
  COUNT_LIMIT_MAX,
  EXCLUSION_MAX_SECONDS,
  EXCLUSION_MIN_SECONDS,
  LIMIT_FIELDS,
  LIMIT_LOOSEN_DELAY_SECONDS,
  type LimitField,
  type LimitsView,
  MONEY_LIMIT_FIELDS,
  type PendingLimit,
  TIMEOUT_MAX_SECONDS,
  TIMEOUT_MIN_SECONDS,
  type UntilLimitField,
} from "#contract/self-limits";

import type { Db, Tx } from "../../db/client";
import { userLimits, users } from "../../db/schema";
import type { UserRow } from "../accounts/sessions";
import type { ServiceContext } from "../context";
import { AppError } from "../errors";
import { fieldOfColumn, LIMIT_COLUMNS, type LimitsRow } from "./columns";
import { limitsInForce } from "./stored";
import { limitUse } from "./use";

const isMoney = (field: LimitField) => (MONEY_LIMIT_FIELDS as readonly string[]).includes(field);
const isCount = (field: LimitField) => (COUNT_LIMIT_FIELDS as readonly string[]).includes(field);

/** A stored value as the API writes it: money as a decimal string, the rest as digits, none as "". */
function shown(field: LimitField, value: number | null): string {
  if (value === null) return "";
  return isMoney(field) ? centsToDecimal(value) : String(value);
}

/** The customer's limits, the loosenings waiting and the use against each, as of now. */
export async function getLimits(ctx: ServiceContext, user: UserRow): Promise<LimitsView> {
  const now = ctx.now();
  const row = await limitsInForce(ctx.db, user.id, now);
  return view(ctx.db, row, user.id, now);
}

/** A customer's limits as the console shows them (read-only); `record_not_found` for no such customer. */
export async function limitsOfCustomer(ctx: ServiceContext, userId: number): Promise<LimitsView> {
  const [found] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!found) throw new AppError("record_not_found");
  const now = ctx.now();
  return view(ctx.db, await limitsInForce(ctx.db, userId, now), userId, now);
}

async function view(db: Db | Tx, row: LimitsRow, userId: number, now: number): Promise<LimitsView> {
  const [account] = await db.select({ cash: users.cash }).from(users).where(eq(users.id, userId));
  const limits = Object.fromEntries(LIMIT_FIELDS.map((field) => [field, shown(field, row[LIMIT_COLUMNS[field].key])])) as Record<
    LimitField,
    string
  >;
  const pending: PendingLimit[] = Object.entries(row.pending)
    .flatMap(([sqlName, change]) => {
      const field = fieldOfColumn(sqlName);
      return field ? [{ field, value: shown(field, change.value), takesEffectAt: change.at }] : [];
    })
    .sort((a, b) => LIMIT_FIELDS.indexOf(a.field) - LIMIT_FIELDS.indexOf(b.field));
  return { limits, pending, use: await limitUse(db, userId, account?.cash ?? 0, now), now };
}

/** The text of one field parsed to what is stored (null: no limit), or `invalid_input` naming the field. */
function parsed(field: LimitField, text: string): number | null {
  if (text === "") return null;
  const invalid = () => new AppError("invalid_input", {}, field);
  if (isMoney(field)) {
    const cents = parseAmount(text);
    if (cents === null) throw invalid();
    return cents;
  }
  if (!/^\d{1,12}$/.test(text)) throw invalid();
  const value = Number(text);
  // zero open positions is a limit (no new order); zero minutes is none, so it is refused as meaningless
  if (isCount(field) && (value > COUNT_LIMIT_MAX || (value === 0 && field !== "maxOpenPositions"))) throw invalid();
  return value;
}

/** A timeout lasts 1 day to 6 weeks, an exclusion 6 months to 5 years, both counted from now. */
function checkedUntil(field: UntilLimitField, until: number | null, now: number): number {
  const [min, max] = field === "timeoutUntil" ? [TIMEOUT_MIN_SECONDS, TIMEOUT_MAX_SECONDS] : [EXCLUSION_MIN_SECONDS, EXCLUSION_MAX_SECONDS];
  if (until === null || until < now + min || until > now + max) throw new AppError("invalid_input", {}, field);
  return until;
}

/**
 * Changes the customer's own limits, under the user's row lock (the one order placement and deposits take):
 * a tightening (a new limit, a lower one, a shorter interval) holds at once and drops any loosening of that
 * field still waiting; a loosening or removal waits `LIMIT_LOOSEN_DELAY_SECONDS` in `pending` and is applied by
 * the first reader after that. A timeout or an exclusion starts at once and ends only at its date: while one
 * holds every request of the customer is refused (`self_excluded`), so it cannot be shortened here, and no
 * operator path writes this table. `ctx.db` is the request's transaction (onceRoute).
 */
export async function setLimits(ctx: ServiceContext, user: UserRow, input: Partial<Record<LimitField, string>>): Promise<LimitsView> {
  const now = ctx.now();
  const tx = ctx.db;
  await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("update");
  const row = await limitsInForce(tx, user.id, now);
  const next: LimitsRow = { ...row, pending: { ...row.pending } };
  for (const field of LIMIT_FIELDS) {
    const text = input[field];
    if (text === undefined) continue;
    const { key, sqlName } = LIMIT_COLUMNS[field];
    const wanted = parsed(field, text.trim());
    if (field === "timeoutUntil" || field === "excludedUntil") {
      // an empty instant asks nothing: one in force cannot be ended, one past is no limit already
      if (wanted !== null) next[key] = checkedUntil(field, wanted, now);
      continue;
    }
    const current = row[key];
    const tightens = wanted !== null && (current === null || wanted <= current);
    if (tightens) {
      next[key] = wanted;
      delete next.pending[sqlName];
    } else if (wanted !== current) {
      next.pending[sqlName] = { value: wanted, at: now + LIMIT_LOOSEN_DELAY_SECONDS };
    }
  }
  const { userId: _userId, ...values } = next;
  await tx.insert(userLimits).values(next).onConflictDoUpdate({ target: userLimits.userId, set: values });
  return view(tx, next, user.id, now);
}
