import { eq } from "drizzle-orm";

import type { LimitField } from "#contract/self-limits";

import type { Db, Tx } from "../../db/client";
import { userLimits } from "../../db/schema";
import { type Authenticated, revokeSession } from "../accounts/sessions";
import type { ServiceContext } from "../context";
import { AppError } from "../errors";
import { barredUntil, type LimitsRow } from "./columns";
import { limitsInForce } from "./stored";
import { depositsByWindow, LIMIT_WINDOWS } from "./use";

/** The refusal of a timed-out or self-excluded customer: the date it ends, as a number and as a UTC date. */
export const selfExcluded = (until: number) =>
  new AppError("self_excluded", { until, date: new Date(until * 1000).toISOString().slice(0, 16).replace("T", " ") });

/** The refusal of a limit the customer set: which one, and when it frees room again ("" when time does not). */
export const limitReached = (limit: LimitField, resetsAt: number | null) =>
  new AppError("limit_reached", { limit, resetsAt: resetsAt ?? "" }, limit);

/** At login, after the password: the end of a timeout or exclusion in force (no session is given), or null. */
export async function barredLoginUntil(db: Db | Tx, userId: number, now: number): Promise<number | null> {
  const [row] = await db
    .select({ timeoutUntil: userLimits.timeoutUntil, excludedUntil: userLimits.excludedUntil })
    .from(userLimits)
    .where(eq(userLimits.userId, userId));
  return barredUntil(row, now);
}

/**
 * On every authenticated request, after the token was resolved: a timeout or exclusion refuses it
 * (`self_excluded`), and a session older than the customer's session limit ends (`login_required`). Nothing
 * is read: the limits came with the user's row, the session's start with the session. Order placement checks
 * both again inside `place_order`.
 */
export async function enforceTimeLimits(ctx: ServiceContext, token: string, customer: Authenticated): Promise<void> {
  const now = ctx.now();
  const { timeLimits, sessionCreatedAt } = customer;
  const until = barredUntil(timeLimits, now);
  if (until !== null) throw selfExcluded(until);
  if (timeLimits.sessionLimitMinutes !== null && sessionCreatedAt + timeLimits.sessionLimitMinutes * 60 <= now) {
    await revokeSession(ctx.db, token);
    throw new AppError("login_required");
  }
}

/**
 * A recharge of `amount` against the deposit and balance limits, in a transaction that holds the user's row
 * lock: at submission the recharges under review count too (each may yet be credited), at approval the
 * credited ones. `cash` is the balance read under that lock.
 */
export async function refuseDepositOverLimits(
  tx: Db | Tx,
  userId: number,
  cash: number,
  amount: number,
  now: number,
  counted: "submitted" | "credited",
): Promise<void> {
  const limits: LimitsRow = await limitsInForce(tx, userId, now);
  const until = barredUntil(limits, now);
  if (until !== null && counted === "submitted") throw selfExcluded(until);
  if (limits.balanceMax !== null && cash + amount > limits.balanceMax) throw limitReached("maxBalance", null);
  const ceilings = { "1d": limits.depositMaxDay, "7d": limits.depositMax7Days, "30d": limits.depositMax30Days } as const;
  if (Object.values(ceilings).every((ceiling) => ceiling === null)) return;
  const deposits = await depositsByWindow(tx, userId, now, counted);
  for (const { span, seconds } of LIMIT_WINDOWS) {
    const ceiling = ceilings[span];
    const used = deposits.get(span)!;
    if (ceiling !== null && used.total + amount > ceiling) throw limitReached(`maxDeposit${span}`, (used.oldest ?? now) + seconds);
  }
}
