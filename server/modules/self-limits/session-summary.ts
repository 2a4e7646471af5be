import { and, eq, gte, ne, sql } from "drizzle-orm";

import { centsToDecimal } from "#contract/format";
import type { SessionSummary } from "#contract/self-limits";

import { orders, sessions } from "../../db/schema";
import { hashToken } from "../accounts/tokens";
import type { ServiceContext } from "../context";
import { AppError } from "../errors";
import { limitsInForce } from "./stored";

/**
 * The reality check's figures for the session the token names. The start is the session's own row (written at
 * login by the server), so a device with a wrong clock, or a reload, still counts from the real login. Orders
 * count by their opening time; a void order was refunded whole and is left out; an open order has no result yet.
 * Practice orders are left out too: the check is about the customer's real money and time spent on it.
 */
export async function sessionSummary(ctx: ServiceContext, userId: number, token: string): Promise<SessionSummary> {
  const now = ctx.now();
  const [session] = await ctx.db
    .select({ createdAt: sessions.createdAt })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, hashToken(token)), eq(sessions.userId, userId)));
  if (!session) throw new AppError("login_required");
  const limits = await limitsInForce(ctx.db, userId, now);
  const [figures] = await ctx.db
    .select({
      trades: sql<string>`count(*)`,
      open: sql<string>`count(*) filter (where ${orders.status} = 'holding')`,
      turnover: sql<string>`coalesce(sum(${orders.amount}), 0)`,
      profitLoss: sql<string>`coalesce(sum(${orders.payout} - ${orders.amount} - ${orders.fee}) filter (where ${orders.status} = 'closed'), 0)`,
    })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.account, "real"), gte(orders.openTime, session.createdAt), ne(orders.status, "void")));
  return {
    sessionStart: session.createdAt,
    now,
    realityCheckMinutes: limits.realityCheckMinutes,
    trades: Number(figures?.trades ?? 0),
    openTrades: Number(figures?.open ?? 0),
    turnover: centsToDecimal(Number(figures?.turnover ?? 0)),
    profitLoss: centsToDecimal(Number(figures?.profitLoss ?? 0)),
  };
}
