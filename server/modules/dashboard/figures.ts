import { and, eq, gte, ne, sql } from "drizzle-orm";

import { centsToDecimal } from "#contract/format";

import { ledger, orders, recharges, users, verifications, withdrawals } from "../../db/schema";
import { pendingAdjustments } from "../adjustments/pending";
import type { ServiceContext } from "../context";
import { platformClock } from "../money/settings";
import { withdrawalsLeft } from "./history";

/** What waits for review (with the oldest one's age) and today's money and orders, in the platform's day. */
export async function dashboard(ctx: ServiceContext, timezone: string) {
  const now = ctx.now();
  const { minutes } = platformClock(now, timezone);
  // the platform day began this many seconds ago (whole minutes; the seconds of this minute count as today)
  const dayStart = now - minutes * 60 - (now % 60);
  const pending = async (table: typeof recharges | typeof withdrawals | typeof verifications) => {
    const [row] = await ctx.db
      .select({ count: sql<number>`count(*)::int`, oldest: sql<number | null>`min(${table.createdAt})` })
      .from(table)
      .where(eq(table.status, "review"));
    const oldest = row?.oldest === null || row?.oldest === undefined ? null : Number(row.oldest);
    return { count: row?.count ?? 0, oldestAgeSeconds: oldest === null ? null : now - oldest };
  };
  const depositsToday = async () => {
    const [row] = await ctx.db
      .select({ count: sql<number>`count(*)::int`, total: sql<string>`coalesce(sum(${recharges.amount}), 0)` })
      .from(recharges)
      .where(and(eq(recharges.status, "success"), gte(recharges.reviewedAt, dayStart)));
    return { count: row?.count ?? 0, total: centsToDecimal(Number(row?.total ?? 0)) };
  };
  // what left the platform is the amount after the fee; the fee stays and is shown apart
  const withdrawalsToday = async () => {
    // the history's query: the platform's day may span two UTC days, so its rows are summed
    const days = await withdrawalsLeft(ctx.db, dayStart);
    const sum = (pick: (day: (typeof days)[number]) => unknown) => days.reduce((total, day) => total + Number(pick(day) ?? 0), 0);
    return {
      count: sum((day) => day.count),
      total: centsToDecimal(sum((day) => day.paid)),
      fee: centsToDecimal(sum((day) => day.fee)),
    };
  };
  const [orderRow] = await ctx.db
    .select({ count: sql<number>`count(*)::int`, total: sql<string>`coalesce(sum(${orders.amount}), 0)` })
    .from(orders)
    // practice orders stake play money: the day's orders are the real ones
    .where(and(gte(orders.openTime, dayStart), eq(orders.account, "real")));
  const [newUsers] = await ctx.db
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(gte(users.createdAt, dayStart));
  const [ledgerCount] = await ctx.db
    .select({ count: sql<number>`count(*)::int` })
    .from(ledger)
    .where(and(gte(ledger.createdAt, dayStart), ne(ledger.account, "practice")));
  return {
    pending: {
      recharges: await pending(recharges),
      withdrawals: await pending(withdrawals),
      verifications: await pending(verifications),
      adjustments: await pendingAdjustments(ctx.db, now),
    },
    today: {
      since: dayStart,
      deposits: await depositsToday(),
      withdrawals: await withdrawalsToday(),
      orders: { count: orderRow?.count ?? 0, total: centsToDecimal(Number(orderRow?.total ?? 0)) },
      newUsers: newUsers?.count ?? 0,
      ledgerRows: ledgerCount?.count ?? 0,
    },
  };
}
