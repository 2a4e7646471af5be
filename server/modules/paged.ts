import { and, type AnyColumn, asc, desc, type SQL, sql } from "drizzle-orm";

import { LIST_COUNT_CAP, LIST_PAGE_SIZE, type ListPage, type SortOrder } from "#contract/lists";
import type { RecordPage } from "#contract/paging";
import { PAGE_SIZE } from "#contract/paging";

import type { Db, Tx } from "../db/client";
import { AppError } from "./errors";

/** A customer's own records, page by page number (their lists are short and nobody adds to them meanwhile). */
export async function paged<T>(rows: Promise<T[]>, total: Promise<Array<{ n: number }>>, page: number): Promise<RecordPage<T>> {
  const [items, [counted]] = await Promise.all([rows, total]);
  return { items, page, pageSize: PAGE_SIZE, total: counted?.n ?? 0 };
}

/**
 * Where a console list page starts: the sort value and id of the row the page before ended on (or the one after
 * began at, going back), the sort it belongs to, and which way it reads. Opaque to the console.
 */
interface Cursor {
  sort: string;
  order: SortOrder;
  value: number;
  id: number;
  back: boolean;
}

const encodeCursor = (cursor: Cursor) =>
  Buffer.from(JSON.stringify([cursor.sort, cursor.order, cursor.value, cursor.id, cursor.back ? 1 : 0])).toString("base64url");

/**
 * The cursor of a page that starts right after the row with this key, reading forward: how a list that also pages
 * by number (the customer's funds statement, as the spec asks) turns "page n" into a keyset page.
 */
export const cursorAfter = (sort: string, order: SortOrder, key: { value: number; id: number }) =>
  encodeCursor({ sort, order, ...key, back: false });

/** A cursor from this server for this sort and order, or a refusal naming the field: never a query on a guess. */
function decodeCursor(text: string, sort: string, order: SortOrder): Cursor {
  try {
    const [s, o, value, id, back] = JSON.parse(Buffer.from(text, "base64url").toString("utf8")) as unknown[];
    if (s === sort && o === order && Number.isSafeInteger(value) && Number.isSafeInteger(id) && (back === 0 || back === 1))
      return { sort, order, value: value as number, id: id as number, back: back === 1 };
  } catch {
    // not JSON: refused below like any other stranger
  }
  throw new AppError("invalid_input", {}, "cursor");
}

/** One console list's query, as its service builds it: what to select and from where, and how a row sorts. */
export interface KeysetList<Row> {
  db: Db | Tx;
  /** the filters, all applied (date range, status, amounts, search) */
  where: SQL[];
  /** the column the operator sorts by, and its name in the cursor; ties are broken by `id` */
  sortColumn: AnyColumn | SQL;
  sort: string;
  order: SortOrder;
  id: AnyColumn;
  /** the list's select with its joins, given the condition, ordering and limit to apply */
  select: (where: SQL | undefined, orderBy: SQL[], limit: number) => Promise<Row[]>;
  /** the same joins counted; a query of `select 1 … where …` whose rows are counted up to the cap */
  countable: (where: SQL | undefined) => { limit: (n: number) => unknown };
  /** the sort value and id of a row, for the cursors */
  keyOf: (row: Row) => { value: number; id: number };
  cursor?: string;
  pageSize?: number;
  /** false: no total (an export walking every page needs none) */
  counted?: boolean;
}

/**
 * One page of a console list by keyset: the rows strictly after (or, going back, before) the cursor's row in the
 * list's order of (sort column, id). A row inserted while an operator pages lands at its own place in that order,
 * so it never pushes a row already shown onto the next page again, nor one not yet shown past it, as an offset
 * would. The total is counted with the same filters, up to LIST_COUNT_CAP.
 */
export async function keysetPage<Row>(list: KeysetList<Row>): Promise<ListPage<Row>> {
  const size = list.pageSize ?? LIST_PAGE_SIZE;
  const cursor = list.cursor === undefined ? null : decodeCursor(list.cursor, list.sort, list.order);
  const back = cursor?.back ?? false;
  // reading back walks the list's order the other way from the cursor, then turns the page round
  const descending = (list.order === "desc") !== back;
  const conditions = [...list.where];
  // compared as bigint: a forged cursor's number past an integer column's range is then just past every row
  if (cursor)
    conditions.push(
      descending
        ? sql`(${list.sortColumn}, ${list.id}) < (${cursor.value}::bigint, ${cursor.id}::bigint)`
        : sql`(${list.sortColumn}, ${list.id}) > (${cursor.value}::bigint, ${cursor.id}::bigint)`,
    );
  const by = descending ? desc : asc;
  const sortExpression = list.sortColumn as AnyColumn;
  const [fetched, total] = await Promise.all([
    list.select(conditions.length ? and(...conditions) : undefined, [by(sortExpression), by(list.id)], size + 1),
    list.counted === false ? { n: 0, capped: false } : countUpTo(list, LIST_COUNT_CAP),
  ]);
  const more = fetched.length > size;
  const rows = fetched.slice(0, size);
  if (back) rows.reverse();
  const first = rows[0];
  const last = rows.at(-1);
  const at = (row: Row, towardsStart: boolean) =>
    encodeCursor({ sort: list.sort, order: list.order, ...list.keyOf(row), back: towardsStart });
  // forward: a next page when more rows were there, a previous one whenever this was not the first page;
  // back: the other way round
  const next = last && (back ? cursor !== null : more) ? at(last, false) : null;
  const previous = first && (back ? more : cursor !== null) ? at(first, true) : null;
  return { items: rows, total: total.n, totalCapped: total.capped, next, previous };
}

async function countUpTo<Row>(list: KeysetList<Row>, cap: number) {
  const where = list.where.length ? and(...list.where) : undefined;
  const limited = list.countable(where).limit(cap + 1) as unknown as SQL;
  const result = (await list.db.execute(sql`select count(*)::int as n from (${limited}) as counted`)) as unknown as {
    rows: Array<{ n: number | string }>;
  };
  const n = Number(result.rows[0]?.n ?? 0);
  return n > cap ? { n: cap, capped: true } : { n, capped: false };
}

/** Every row of a filtered list, a batch at a time in its order: what an export streams. */
export async function* everyRow<Row>(list: Omit<KeysetList<Row>, "cursor" | "pageSize" | "counted">, batch = 500): AsyncGenerator<Row> {
  let cursor: string | undefined;
  for (;;) {
    const page = await keysetPage({ ...list, cursor, pageSize: batch, counted: false });
    yield* page.items;
    if (!page.next) return;
    cursor = page.next;
  }
}
