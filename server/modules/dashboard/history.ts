import { and, desc, eq, gte, sql } from "drizzle-orm";

import type { DashboardHistory, HistoryDay, HistoryRange, TopWinner } from "#contract/dashboard-history";
import { centsToDecimal } from "#contract/format";

import { orders, recharges, users, withdrawals } from "../../db/schema";
import type { ServiceContext } from "../context";

const DAY = 86_400;
/** How many winners the range lists. */
const TOP_WINNERS = 10;

/** The UTC day (its start, unix seconds) an instant falls in. */
const dayOf = (at: number) => at - (at % DAY);

/** A UTC day number of a column (whole days since 1970-01-01 UTC), as SQL: integer division of a bigint. */
const dayNumber = (column: Parameters<typeof sql>[1]) => sql<number>`(${column} / ${DAY})::bigint`;

const num = (value: unknown) => Number(value ?? 0);

/**
 * What withdrawals approved since `from` took out of the platform, per UTC day: the amount after the fee (the fee
 * stays, the platform's, and is summed apart). The dashboard's "today" reads it too, so the two never disagree.
 */
export const withdrawalsLeft = (db: ServiceContext["db"], from: number) =>
  db
    .select({
      day: dayNumber(withdrawals.reviewedAt),
      count: sql<number>`count(*)::int`,
      paid: sql<string>`sum(${withdrawals.actual})`,
      fee: sql<string>`sum(${withdrawals.fee})`,
    })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.status, "success"),
        gte(withdrawals.reviewedAt, from),
        // a failed payment returned its money and fee: nothing left and no fee was earned
        sql`${withdrawals.payoutState} is distinct from 'failed'`,
      ),
    )
    .groupBy(sql`1`);

/**
 * The platform's money per UTC day over the last `days` days (today included, so far): each figure is one
 * grouped query over its own table, read through an index on the instant that puts a row in a day (migration
 * 0035). UTC rather than the platform's time zone so a day is the same 86 400 s everywhere and the console
 * says so. Withdrawals count when approved: what left is the amount after the fee, the fee is the platform's.
 */
export async function dashboardHistory(ctx: ServiceContext, days: HistoryRange): Promise<DashboardHistory> {
  const now = ctx.now();
  const from = dayOf(now) - (days - 1) * DAY;
  const db = ctx.db;

  const deposits = await db
    .select({ day: dayNumber(recharges.reviewedAt), count: sql<number>`count(*)::int`, total: sql<string>`sum(${recharges.amount})` })
    .from(recharges)
    .where(and(eq(recharges.status, "success"), gte(recharges.reviewedAt, from)))
    .groupBy(sql`1`);
  const paidOut = await withdrawalsLeft(db, from);
  // an order's fee is the platform's once the order is closed: a voided order gets it back
  const settled = await db
    .select({
      day: dayNumber(orders.closeTime),
      count: sql<number>`count(*)::int`,
      fees: sql<string>`sum(${orders.fee})`,
      profit: sql<string>`sum(${orders.amount} - coalesce(${orders.payout}, 0))`,
    })
    .from(orders)
    // practice orders move no money: out of every money figure
    .where(and(eq(orders.status, "closed"), eq(orders.account, "real"), gte(orders.closeTime, from)))
    .groupBy(sql`1`);
  const joined = await db
    .select({ day: dayNumber(users.createdAt), count: sql<number>`count(*)::int` })
    .from(users)
    .where(gte(users.createdAt, from))
    .groupBy(sql`1`);
  const net = sql<string>`sum(coalesce(${orders.payout}, 0) - ${orders.amount} - ${orders.fee})`;
  const winners = await db
    .select({ userId: orders.userId, account: users.account, net, orders: sql<number>`count(*)::int` })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(eq(orders.status, "closed"), eq(orders.account, "real"), gte(orders.closeTime, from)))
    .groupBy(orders.userId, users.account)
    .having(sql`${net} > 0`)
    .orderBy(desc(net), orders.userId)
    .limit(TOP_WINNERS);

  const byDay = <T extends { day: number }>(rows: T[]) => new Map(rows.map((row) => [num(row.day) * DAY, row]));
  const depositsOf = byDay(deposits);
  const paidOf = byDay(paidOut);
  const settledOf = byDay(settled);
  const joinedOf = byDay(joined);
  const rows: HistoryDay[] = [];
  for (let day = from; day <= now; day += DAY) {
    const deposit = depositsOf.get(day);
    const paid = paidOf.get(day);
    const closed = settledOf.get(day);
    const orderFees = num(closed?.fees);
    const withdrawalFees = num(paid?.fee);
    rows.push({
      day,
      deposits: { count: num(deposit?.count), total: centsToDecimal(num(deposit?.total)) },
      withdrawals: { count: num(paid?.count), paid: centsToDecimal(num(paid?.paid)), fee: centsToDecimal(withdrawalFees) },
      fees: {
        orders: centsToDecimal(orderFees),
        withdrawals: centsToDecimal(withdrawalFees),
        total: centsToDecimal(orderFees + withdrawalFees),
      },
      ordersProfit: centsToDecimal(num(closed?.profit)),
      settledOrders: num(closed?.count),
      newCustomers: num(joinedOf.get(day)?.count),
    });
  }
  const topWinners: TopWinner[] = winners.map((row) => ({
    userId: row.userId,
    account: row.account,
    net: centsToDecimal(num(row.net)),
    orders: num(row.orders),
  }));
  return { days, from, to: now, rows, topWinners };
}
