import { eq, type SQL } from "drizzle-orm";

import type { ListPage } from "#contract/lists";
import type { RechargeListFilter, WithdrawalListFilter } from "#contract/schemas/lists";

import type { Db } from "../../db/client";
import { recharges, users, withdrawals } from "../../db/schema";
import type { ServiceContext } from "../context";
import { amountRange, dateRange, recordSearch } from "../list-filters";
import { everyRow, type KeysetList, keysetPage } from "../paged";
import { type MoneySettings, moneySettings } from "./settings";
import { approverNames, awaitingTwo } from "./two-person";

/** The review queues the two-person rule guards; their review columns are the same. */
type QueueTable = typeof recharges | typeof withdrawals;
type QueueRow = typeof recharges.$inferSelect | typeof withdrawals.$inferSelect;

/** A queue's filters: status, dates, amounts and search are the same for both (withdrawals add awaiting_payout). */
export type MoneyQueueFilter = Omit<RechargeListFilter | WithdrawalListFilter, "cursor">;

/** The status filter: awaiting_payout is an approved withdrawal whose payment finance has not yet marked. */
function statusWhere(table: QueueTable, status: MoneyQueueFilter["status"]): SQL[] {
  if (status === "all") return [];
  if (status === "awaiting_payout") return [eq(withdrawals.payoutState, "awaiting")];
  return [eq(table.status, status)];
}

/** What each queue adds to a row (its channel, its destination) beside the customer's account and phone. */
export type QueueSelect<Row> = (db: Db, where: SQL | undefined, orderBy: SQL[], limit: number) => Promise<Row[]>;

/**
 * One queue's keyset list: the recharge and the withdrawal queue filter, search and sort the same columns, and
 * differ only in what they select, so both are this with their own select.
 */
function queueList<Row extends { row: QueueRow }>(
  ctx: ServiceContext,
  table: QueueTable,
  reference: "recharge" | "withdrawal",
  filter: MoneyQueueFilter,
  select: QueueSelect<Row>,
): Omit<KeysetList<Row>, "cursor"> {
  const sort = filter.sort ?? "time";
  return {
    db: ctx.db,
    where: [
      ...statusWhere(table, filter.status),
      ...dateRange(table.createdAt, filter),
      ...amountRange(table.amount, filter),
      ...recordSearch(filter.q, { id: table.id, reference }),
    ],
    sort,
    sortColumn: sort === "amount" ? table.amount : table.createdAt,
    order: filter.order ?? "desc",
    id: table.id,
    select: (where, orderBy, limit) => select(ctx.db, where, orderBy, limit),
    countable: (where) => ctx.db.select({ one: table.id }).from(table).innerJoin(users, eq(users.id, table.userId)).where(where),
    keyOf: ({ row }) => ({ value: sort === "amount" ? row.amount : row.createdAt, id: row.id }),
  };
}

/** What a queue's rows say about the two-person rule: who gave a first approval, which rows need two. */
export interface ReviewState {
  rules: MoneySettings;
  names: Map<string, string>;
  twoPeople: Set<number>;
}

async function reviewState(ctx: ServiceContext, table: QueueTable, rows: QueueRow[]): Promise<ReviewState> {
  const rules = await moneySettings(ctx.db);
  // a withdrawal's payout was marked by someone too: the queue shows their name beside the first approver's
  const names = await approverNames(
    ctx.db,
    rows.flatMap((row) => [row.firstApprovedBy, "payoutMarkedBy" in row ? row.payoutMarkedBy : null]),
  );
  return { rules, names, twoPeople: await awaitingTwo(ctx, table, rows, rules) };
}

/** An approver (or payout marker) as the queue shows them: their name, or the key when the operator is gone. */
export const firstApproverName = (state: ReviewState, key: string | null) => (key ? (state.names.get(key) ?? key) : null);

/** One page of a review queue, each row shaped by `shape` with the two-person state of its page. */
export async function reviewQueuePage<Row extends { row: QueueRow }, Out>(
  ctx: ServiceContext,
  table: QueueTable,
  reference: "recharge" | "withdrawal",
  filter: MoneyQueueFilter & { cursor?: string },
  select: QueueSelect<Row>,
  shape: (row: Row, state: ReviewState) => Out,
): Promise<ListPage<Out>> {
  const page = await keysetPage({ ...queueList(ctx, table, reference, filter, select), cursor: filter.cursor });
  const state = await reviewState(
    ctx,
    table,
    page.items.map(({ row }) => row),
  );
  return { ...page, items: page.items.map((row) => shape(row, state)) };
}

/** Every row of a filtered queue, in its order, a batch at a time (for the export). */
export async function* everyQueueRow<Row extends { row: QueueRow }>(
  ctx: ServiceContext,
  table: QueueTable,
  reference: "recharge" | "withdrawal",
  filter: MoneyQueueFilter,
  select: QueueSelect<Row>,
): AsyncGenerator<Row> {
  yield* everyRow(queueList(ctx, table, reference, filter, select));
}
