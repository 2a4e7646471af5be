import { eq, type SQL, sql } from "drizzle-orm";

import { centsToDecimal } from "#contract/format";
import type { LedgerRowForOps, ListPage } from "#contract/lists";
import type { LedgerListFilter } from "#contract/schemas/lists";

import { ledger, users } from "../../db/schema";
import type { ServiceContext } from "../context";
import { csvLines, isoTime } from "../csv";
import { amountRange, dateRange, recordSearch } from "../list-filters";
import { everyRow, type KeysetList, keysetPage } from "../paged";

/** How much a row moved, either way: what the amount filter and sort read. */
const size = sql<number>`abs(${ledger.delta})`;

/**
 * The account's balance after the row: the sum of that customer's rows of that account up to it. Only the page's
 * rows are summed (one look-up each through the user's index), never the whole ledger.
 */
const balanceAfter = sql<number>`(select coalesce(sum(l2.delta), 0) from ledger l2
  where l2.user_id = ${ledger.userId} and l2.account = ${ledger.account} and l2.id <= ${ledger.id})`.mapWith(Number);

type Row = { row: typeof ledger.$inferSelect; account: string; after: number };

function ledgerList(ctx: ServiceContext, filter: Omit<LedgerListFilter, "cursor">): Omit<KeysetList<Row>, "cursor"> {
  const sort = filter.sort ?? "time";
  // a reference ("withdrawal:12", "order:5") names its ledger rows exactly; otherwise the customer or the row's id
  const search: SQL[] =
    filter.q !== undefined && /^[a-z_-]+:[\w:-]+$/.test(filter.q) && !filter.q.startsWith("user:")
      ? [eq(ledger.reference, filter.q)]
      : recordSearch(filter.q, { id: ledger.id, reference: "ledger" });
  return {
    db: ctx.db,
    where: [
      ...search,
      ...dateRange(ledger.createdAt, filter),
      ...amountRange(size, filter),
      ...(filter.ledgerKind === undefined ? [] : [eq(ledger.reason, filter.ledgerKind)]),
      ...(filter.balance === undefined ? [] : [eq(ledger.account, filter.balance)]),
    ],
    sort,
    // rows are numbered as they are written, so the id is their time order, read from the primary key's index
    sortColumn: sort === "amount" ? size : ledger.id,
    order: filter.order ?? "desc",
    id: ledger.id,
    select: (where, orderBy, limit) =>
      ctx.db
        .select({ row: ledger, account: users.account, after: balanceAfter })
        .from(ledger)
        .innerJoin(users, eq(users.id, ledger.userId))
        .where(where)
        .orderBy(...orderBy)
        .limit(limit),
    countable: (where) => ctx.db.select({ one: ledger.id }).from(ledger).innerJoin(users, eq(users.id, ledger.userId)).where(where),
    keyOf: ({ row }) => ({ value: sort === "amount" ? Math.abs(row.delta) : row.id, id: row.id }),
  };
}

const shaped = ({ row, account, after }: Row): LedgerRowForOps => ({
  id: row.id,
  userId: row.userId,
  account,
  balance: row.account,
  kind: row.reason,
  amount: centsToDecimal(row.delta),
  balanceAfter: centsToDecimal(after),
  reference: row.reference,
  time: row.createdAt,
});

/** Every customer's ledger rows, a page at a time, with each account's balance after the row. */
export async function listLedger(ctx: ServiceContext, filter: LedgerListFilter): Promise<ListPage<LedgerRowForOps>> {
  const page = await keysetPage({ ...ledgerList(ctx, filter), cursor: filter.cursor });
  return { ...page, items: page.items.map(shaped) };
}

export function ledgerCsv(ctx: ServiceContext, filter: LedgerListFilter) {
  return csvLines(
    {
      columns: ["id", "time_utc", "user_id", "account", "balance", "kind", "amount_u", "balance_after_u", "reference"],
      cells: (item: Row) => {
        const row = shaped(item);
        return [row.id, isoTime(row.time), row.userId, row.account, row.balance, row.kind, row.amount, row.balanceAfter, row.reference];
      },
    },
    everyRow(ledgerList(ctx, filter)),
  );
}
