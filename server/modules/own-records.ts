import { count, desc, eq } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";

import type { RecordPage } from "#contract/paging";
import { PAGE_SIZE } from "#contract/paging";

import type { ServiceContext } from "./context";
import { paged } from "./paged";

/** A table of records a customer owns: each row names them and its id grows with time. */
type OwnedTable = PgTable & { id: AnyPgColumn; userId: AnyPgColumn };

/**
 * One page of a customer's own records of one table, newest first, with how many they have in all: what the
 * app's record lists (exchanges, withdrawals) show, each row put as its list shows it by `toRecord`.
 */
export function ownRecords<Table extends OwnedTable, Item>(
  ctx: ServiceContext,
  table: Table,
  userId: number,
  page: number,
  toRecord: (row: Table["$inferSelect"]) => Item,
): Promise<RecordPage<Item>> {
  const where = eq(table.userId, userId);
  // drizzle types a select from a generic table loosely; the rows are that table's rows
  const from = table as PgTable;
  return paged(
    ctx.db
      .select()
      .from(from)
      .where(where)
      .orderBy(desc(table.id))
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE)
      .then((rows) => rows.map((row) => toRecord(row as Table["$inferSelect"]))),
    ctx.db.select({ n: count() }).from(from).where(where),
    page,
  );
}
