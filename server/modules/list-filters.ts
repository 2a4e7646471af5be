import { type AnyColumn, eq, gte, lt, or, type SQL, sql } from "drizzle-orm";

import { users } from "../db/schema";

/** The conditions of a date range on a unix-seconds column: `since` inclusive, `until` exclusive (the schema made it so). */
export function dateRange(column: AnyColumn, range: { since?: number; until?: number }): SQL[] {
  return [
    ...(range.since === undefined ? [] : [gte(column, range.since)]),
    ...(range.until === undefined ? [] : [lt(column, range.until)]),
  ];
}

/** An amount range in cents, both ends inclusive, on a column or an expression (the size of a ledger movement). */
export function amountRange(column: AnyColumn | SQL, range: { minAmount?: number; maxAmount?: number }): SQL[] {
  return [
    ...(range.minAmount === undefined ? [] : [sql`${column} >= ${range.minAmount}`]),
    ...(range.maxAmount === undefined ? [] : [sql`${column} <= ${range.maxAmount}`]),
  ];
}

const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * What an operator's search box finds on a list of a customer's records: the customer by account or phone (both
 * by prefix, the account in any case), the record by its id ("12") or its reference ("withdrawal:12"), and the
 * customer by id ("user:7"). The list must join `users`.
 */
export function recordSearch(q: string | undefined, record: { id: AnyColumn; reference: string }): SQL[] {
  if (q === undefined) return [];
  const prefix = likePrefix(q);
  const matches: SQL[] = [sql`lower(${users.account}) like lower(${prefix})`, sql`${users.phone} like ${prefix}`];
  const id = /^(?:([a-z_-]+):)?(\d{1,9})$/.exec(q);
  if (id && (id[1] === undefined || id[1] === record.reference)) matches.push(eq(record.id, Number(id[2])));
  if (id && id[1] === "user") matches.push(eq(users.id, Number(id[2])));
  return [or(...matches)!];
}
