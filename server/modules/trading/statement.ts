import { and, eq, gte, sql } from "drizzle-orm";

import { centsToDecimal } from "#contract/format";
import type { Statement, StatementFigures } from "#contract/order-reports";

import { orders } from "../../db/schema";
import type { UserRow } from "../accounts/sessions";
import { productName } from "../markets/service";
import type { TradingContext } from "./service";

const DAY = 86_400;

interface Sums {
  orders: number;
  wins: number;
  losses: number;
  ties: number;
  stake: number;
  fee: number;
  payout: number;
}

const zero = (): Sums => ({ orders: 0, wins: 0, losses: 0, ties: 0, stake: 0, fee: 0, payout: 0 });

function add(into: Sums, row: Sums): void {
  for (const key of Object.keys(into) as Array<keyof Sums>) into[key] += row[key];
}

const figures = (sums: Sums): StatementFigures => ({
  orders: sums.orders,
  wins: sums.wins,
  losses: sums.losses,
  ties: sums.ties,
  stake: centsToDecimal(sums.stake),
  fee: centsToDecimal(sums.fee),
  payout: centsToDecimal(sums.payout),
  net: centsToDecimal(sums.payout - sums.stake - sums.fee),
});

/**
 * The user's settled orders of the last `days` days (today included, days cut at the reader's UTC offset),
 * summed by the database per day and product from the orders themselves: stake and fee as charged at
 * opening, the payout as credited at settlement, so the figures are the ledger's.
 */
export async function statement(ctx: TradingContext, user: UserRow, days: number, offsetMinutes: number): Promise<Statement> {
  const now = ctx.now();
  const shift = offsetMinutes * 60;
  const today = Math.floor((now + shift) / DAY);
  const firstDay = today - days + 1;
  const from = firstDay * DAY - shift;
  // written into the query (an integer the schema checked), not bound: the select and the group by must be one expression
  const dayOf = sql<number>`(${orders.closeTime} + ${sql.raw(String(Math.trunc(shift)))}) / ${sql.raw(String(DAY))}`.mapWith(Number);
  const counted = (result: string) => sql<number>`count(*) filter (where ${orders.result} = ${result})`.mapWith(Number);
  const total = (column: typeof orders.amount | typeof orders.fee | typeof orders.payout) =>
    sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);
  const rows = await ctx.db
    .select({
      day: dayOf,
      pid: orders.productId,
      orders: sql<number>`count(*)`.mapWith(Number),
      wins: counted("win"),
      losses: counted("loss"),
      ties: counted("tie"),
      stake: total(orders.amount),
      fee: total(orders.fee),
      payout: total(orders.payout),
    })
    .from(orders)
    .where(and(eq(orders.userId, user.id), eq(orders.account, "real"), eq(orders.status, "closed"), gte(orders.closeTime, from)))
    .groupBy(dayOf, orders.productId);

  const totals = zero();
  const byDay = new Map<number, Sums>();
  const byProduct = new Map<number, Sums>();
  for (const row of rows) {
    add(totals, row);
    for (const [map, key] of [
      [byDay, row.day],
      [byProduct, row.pid],
    ] as const) {
      const sums = map.get(key) ?? zero();
      add(sums, row);
      map.set(key, sums);
    }
  }
  const daily = Array.from({ length: days }, (_, i) => {
    const day = firstDay + i;
    const sums = byDay.get(day) ?? zero();
    return { day: new Date(day * DAY * 1000).toISOString().slice(0, 10), orders: sums.orders, net: figures(sums).net };
  });
  const products = [...byProduct.entries()]
    .sort((a, b) => b[1].stake - a[1].stake || a[0] - b[0])
    .map(([pid, sums]) => {
      const product = ctx.feed.products.get(pid);
      return { pid, code: product?.code ?? "?", name: product ? productName(product, ctx.language) : "?", ...figures(sums) };
    });
  const winRate = totals.orders === 0 ? "0.0" : (Math.round((totals.wins * 1000) / totals.orders) / 10).toFixed(1);
  return { days, from, to: now, totals: figures(totals), winRate, daily, products };
}
