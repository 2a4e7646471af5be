import { and, eq, ne, type SQL, sql } from "drizzle-orm";

import { centsToDecimal } from "#contract/format";
import { PAGE_SIZE } from "#contract/paging";
import type { FundsFilter } from "#contract/schemas/wallet";
import { FUNDS_ACCOUNTS, type FundsAccount, type FundsBalances, type FundsLine, type FundsStatement } from "#contract/wallet";

import { adjustments, ledger, withdrawals } from "../../db/schema";
import type { UserRow } from "../accounts/sessions";
import type { ServiceContext } from "../context";
import { csvLines, isoTime } from "../csv";
import { dateRange } from "../list-filters";
import { cursorAfter, everyRow, type KeysetList, keysetPage } from "../paged";
import { fundsRecordLink } from "./funds-record-link";

/** The account's balance after the row: its rows up to it, summed through the user's index (a page's rows only). */
const balanceAfter = sql<number>`(select coalesce(sum(l2.delta), 0) from ledger l2
  where l2.user_id = ${ledger.userId} and l2.account = ${ledger.account} and l2.id <= ${ledger.id})`.mapWith(Number);

type Row = {
  id: number;
  time: number;
  account: string;
  kind: string;
  delta: number;
  reference: string | null;
  after: number;
  adjustmentReason: string | null;
  payoutFailure: string | null;
};

/**
 * One customer's ledger rows as a keyset list, newest first. Rows are numbered as they are written, so the id is
 * their order; the period is the rows' own time.
 */
function fundsList(ctx: ServiceContext, user: UserRow, filter: FundsFilter): Omit<KeysetList<Row>, "cursor"> {
  const where: SQL[] = [
    eq(ledger.userId, user.id),
    // the statement is of money: the practice balance's play-money lines stay out of it
    ne(ledger.account, "practice"),
    ...(filter.kind ? [eq(ledger.reason, filter.kind)] : []),
    ...dateRange(ledger.createdAt, filter),
  ];
  return {
    db: ctx.db,
    where,
    sort: "time",
    sortColumn: ledger.id,
    order: "desc",
    id: ledger.id,
    select: (condition, orderBy, limit) =>
      ctx.db
        .select({
          id: ledger.id,
          time: ledger.createdAt,
          account: ledger.account,
          kind: ledger.reason,
          delta: ledger.delta,
          reference: ledger.reference,
          after: balanceAfter,
          adjustmentReason: adjustments.reason,
          payoutFailure: withdrawals.payoutFailure,
        })
        .from(ledger)
        .leftJoin(adjustments, and(eq(ledger.reason, "adjustment"), sql`${ledger.reference} = 'adjustment:' || ${adjustments.id}`))
        .leftJoin(withdrawals, and(eq(ledger.reason, "withdrawal_returned"), sql`${ledger.reference} = 'withdrawal:' || ${withdrawals.id}`))
        .where(condition)
        .orderBy(...orderBy)
        .limit(limit),
    countable: (condition) => ctx.db.select({ one: ledger.id }).from(ledger).where(condition),
    keyOf: (row) => ({ value: row.id, id: row.id }),
  };
}

const shaped = (row: Row): FundsLine => ({
  id: row.id,
  time: row.time,
  account: row.account as FundsAccount,
  kind: row.kind,
  amount: centsToDecimal(row.delta),
  balanceAfter: centsToDecimal(row.after),
  record: fundsRecordLink(row.reference),
  note: row.adjustmentReason ?? row.payoutFailure ?? null,
});

/**
 * Each account's balance when the period starts and when it ends: the sums of every row before each bound,
 * whatever kind the lines are filtered to, so opening plus the period's lines of every kind is the closing.
 */
async function periodBalances(ctx: ServiceContext, user: UserRow, filter: FundsFilter): Promise<FundsBalances> {
  const before = (bound: number | undefined) => (bound === undefined ? sql`true` : sql`${ledger.createdAt} < ${bound}`);
  const rows = await ctx.db
    .select({
      account: ledger.account,
      opening:
        sql<number>`coalesce(sum(${ledger.delta}) filter (where ${filter.since === undefined ? sql`false` : before(filter.since)}), 0)`.mapWith(
          Number,
        ),
      closing: sql<number>`coalesce(sum(${ledger.delta}) filter (where ${before(filter.until)}), 0)`.mapWith(Number),
    })
    .from(ledger)
    .where(eq(ledger.userId, user.id))
    .groupBy(ledger.account);
  const balances = Object.fromEntries(FUNDS_ACCOUNTS.map((account) => [account, { opening: "0.00", closing: "0.00" }])) as FundsBalances;
  for (const row of rows)
    if ((FUNDS_ACCOUNTS as readonly string[]).includes(row.account))
      balances[row.account as FundsAccount] = { opening: centsToDecimal(row.opening), closing: centsToDecimal(row.closing) };
  return balances;
}

/**
 * The customer's funds statement: their ledger lines across every account, newest first, a page at a time, by
 * kind and period, with the balance after each line, the record behind it, and the period's opening and closing
 * balances. A page asked by number (the spec's `page`) starts after the last row of the page before it; one asked
 * by a cursor from an earlier answer starts where that answer said, so a line booked meanwhile shifts nothing.
 */
export async function fundsStatement(
  ctx: ServiceContext,
  user: UserRow,
  input: FundsFilter & { page: number; cursor?: string },
): Promise<FundsStatement> {
  const filter: FundsFilter = { kind: input.kind, since: input.since, until: input.until };
  const list = fundsList(ctx, user, filter);
  let cursor = input.cursor;
  if (cursor === undefined && input.page > 1) {
    const skipped = (input.page - 1) * PAGE_SIZE;
    const [last] = await ctx.db
      .select({ id: ledger.id })
      .from(ledger)
      .where(and(...list.where))
      .orderBy(sql`${ledger.id} desc`)
      .limit(1)
      .offset(skipped - 1);
    // past the last line: the key of a row older than every row, so the page is empty as the spec's pages were
    cursor = cursorAfter(list.sort, list.order, last ? { value: last.id, id: last.id } : { value: 0, id: 0 });
  }
  const [page, balances] = await Promise.all([keysetPage({ ...list, cursor, pageSize: PAGE_SIZE }), periodBalances(ctx, user, filter)]);
  return {
    items: page.items.map(shaped),
    page: input.page,
    pageSize: PAGE_SIZE,
    total: page.total,
    totalCapped: page.totalCapped,
    next: page.next,
    previous: page.previous,
    since: input.since ?? null,
    until: input.until ?? null,
    balances,
  };
}

/** The filtered statement as CSV lines, every line of it, amounts as decimals as the console's exports write them. */
export function fundsCsv(ctx: ServiceContext, user: UserRow, filter: FundsFilter) {
  return csvLines(
    {
      // coin is counted in coins, every other account in U: the unit column says which
      columns: ["id", "time_utc", "account", "kind", "amount", "balance_after", "unit", "record", "note"],
      cells: (row: Row) => {
        const line = shaped(row);
        const unit = line.account === "coin" ? "coin" : "U";
        return [line.id, isoTime(line.time), line.account, line.kind, line.amount, line.balanceAfter, unit, row.reference, line.note];
      },
    },
    everyRow(fundsList(ctx, user, filter)),
  );
}
