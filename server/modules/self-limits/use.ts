import { and, eq, gt, inArray, sql } from "drizzle-orm";

import { centsToDecimal } from "#contract/format";
import type { LimitUse } from "#contract/self-limits";

import type { Db, Tx } from "../../db/client";
import { orders, recharges } from "../../db/schema";

/** The rolling windows the turnover, losses and deposit limits count over: 1, 7 and 30 days. */
export const LIMIT_WINDOWS = [
  { span: "1d", seconds: 86_400 },
  { span: "7d", seconds: 7 * 86_400 },
  { span: "30d", seconds: 30 * 86_400 },
] as const;
export type LimitSpan = (typeof LIMIT_WINDOWS)[number]["span"];

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;

/**
 * The orders' use of each window, from the SQL function `place_order` checks with (migration 0037): the
 * page shows exactly what the check counts.
 */
async function orderUse(db: Db | Tx, userId: number, now: number) {
  const rows = rowsOf(await db.execute(sql`select * from order_limit_use(${userId}::integer, ${now}::bigint)`));
  return new Map(rows.map((row) => [Number(row.window_seconds), { turnover: Number(row.turnover), losses: Number(row.losses) }]));
}

/**
 * Recharges in each window: submitted ones (under review or credited) by their submission time for a new
 * submission, credited ones by their crediting time for an approval.
 */
export async function depositsByWindow(
  db: Db | Tx,
  userId: number,
  now: number,
  counted: "submitted" | "credited",
): Promise<Map<LimitSpan, { total: number; oldest: number | null }>> {
  const time = counted === "submitted" ? recharges.createdAt : recharges.reviewedAt;
  const statuses = counted === "submitted" ? (["review", "success"] as const) : (["success"] as const);
  const [row] = await db
    .select(
      Object.fromEntries(
        LIMIT_WINDOWS.flatMap(({ span, seconds }) => [
          [`total${span}`, sql<string>`coalesce(sum(${recharges.amount}) filter (where ${time} > ${now - seconds}), 0)`],
          [`oldest${span}`, sql<string | null>`min(${time}) filter (where ${time} > ${now - seconds})`],
        ]),
      ),
    )
    .from(recharges)
    .where(and(eq(recharges.userId, userId), inArray(recharges.status, [...statuses]), gt(time, now - LIMIT_WINDOWS[2].seconds)));
  const values = (row ?? {}) as Record<string, unknown>;
  return new Map(
    LIMIT_WINDOWS.map(({ span }) => {
      const oldest = values[`oldest${span}`];
      return [
        span,
        { total: Number(values[`total${span}`] ?? 0), oldest: oldest === null || oldest === undefined ? null : Number(oldest) },
      ];
    }),
  );
}

/** Everything the limits count, as the page shows it beside each limit. */
export async function limitUse(db: Db | Tx, userId: number, cash: number, now: number): Promise<LimitUse> {
  const used = await orderUse(db, userId, now);
  const deposits = await depositsByWindow(db, userId, now, "submitted");
  const [open] = await db
    .select({ n: sql<string>`count(*)` })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, "holding"), eq(orders.account, "real")));
  const turnover = (seconds: number) => centsToDecimal(used.get(seconds)?.turnover ?? 0);
  // a net win over the window is no loss: the page shows zero used, not a negative amount
  const losses = (seconds: number) => centsToDecimal(Math.max(0, used.get(seconds)?.losses ?? 0));
  const deposit = (span: LimitSpan) => centsToDecimal(deposits.get(span)?.total ?? 0);
  return {
    balance: centsToDecimal(cash),
    turnover1d: turnover(86_400),
    turnover7d: turnover(7 * 86_400),
    turnover30d: turnover(30 * 86_400),
    losses1d: losses(86_400),
    losses7d: losses(7 * 86_400),
    losses30d: losses(30 * 86_400),
    deposit1d: deposit("1d"),
    deposit7d: deposit("7d"),
    deposit30d: deposit("30d"),
    openPositions: Number(open?.n ?? 0),
  };
}
