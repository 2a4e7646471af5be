import { sql } from "drizzle-orm";

import type { Tx } from "./client";

/**
 * The ledger's writer: the only code that changes a balance column of `users` or writes a `ledger` row
 * (tests/unit/one-ledger-writer.test.ts holds every other file to it), so each balance stays the sum of its
 * rows. It sits in the db layer because the settlement and accrual jobs and the first-start seed book money
 * too, and they may not import services; services call it through `moveMoney` (server/modules/ledger).
 */

export type Account = "cash" | "coin" | "frozen" | "yuebao";
const ACCOUNTS: readonly Account[] = ["cash", "coin", "frozen", "yuebao"];

export interface Entry {
  userId: number;
  account: Account;
  /** cents (or coin hundredths); negative takes money out */
  delta: number;
  reason: string;
  reference: string | null;
  createdAt: number;
}

/** A debit the balance could not cover: nothing of the batch was written. */
export class Overdraft extends Error {
  constructor(readonly userIds: number[]) {
    super(`balance would go below zero for user ${userIds.join(", ")}`);
    this.name = "Overdraft";
  }
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Books a batch of entries inside the caller's transaction, set-based and in one statement (one round trip):
 * one update of the users' balances (each user's deltas summed per account) and one insert of the ledger rows,
 * in the entries' order. No
 * balance goes below zero: the update itself checks, so concurrent transactions cannot overdraw, and when a
 * user's net debit is not covered nothing is written and `Overdraft` is thrown (roll the transaction back;
 * other users' rows may already be updated). A net credit is never refused. Zero deltas are skipped.
 */
export async function postEntries(tx: Tx, entries: readonly Entry[]): Promise<void> {
  const moving = entries.filter((entry) => entry.delta !== 0);
  if (moving.length === 0) return;
  const perUser = new Map<number, Record<Account, number>>();
  for (const entry of moving) {
    const sums = perUser.get(entry.userId) ?? { cash: 0, coin: 0, frozen: 0, yuebao: 0 };
    sums[entry.account] += entry.delta;
    perUser.set(entry.userId, sums);
  }
  // only the accounts this batch moves are named, so a settlement batch writes the cash column alone
  const accounts = ACCOUNTS.filter((account) => moving.some((entry) => entry.account === account));
  const names = accounts.map((account) => sql.raw(account));
  // users in id order: the update takes their row locks in the order its plan meets them, sorted where it can
  const users = [...perUser].sort(([a], [b]) => a - b);
  // every value travels as one array per column: a few parameters however big the batch, cheap to send and plan
  const column = (values: unknown[]) => sql.param(values);
  // one statement: the balances move, and the ledger rows are written only if every user's did (else none)
  const updated = rowsOf<{ id: number }>(
    await tx.execute(sql`
      with moved as (
        update users set ${sql.join(
          names.map((name) => sql`${name} = users.${name} + v.${name}`),
          sql`, `,
        )}
        from unnest(${column(users.map(([userId]) => userId))}::int[], ${sql.join(
          accounts.map((account) => sql`${column(users.map(([, sums]) => sums[account]))}::bigint[]`),
          sql`, `,
        )}) as v(id, ${sql.join(names, sql`, `)})
        where users.id = v.id and ${sql.join(
          names.map((name) => sql`(v.${name} >= 0 or users.${name} + v.${name} >= 0)`),
          sql` and `,
        )}
        returning users.id
      ), booked as (
        insert into ledger (user_id, account, delta, reason, reference, created_at)
        select e.user_id, e.account, e.delta, e.reason, e.reference, e.created_at
        from unnest(${column(moving.map((entry) => entry.userId))}::int[], ${column(moving.map((entry) => entry.account))}::text[],
                    ${column(moving.map((entry) => entry.delta))}::bigint[], ${column(moving.map((entry) => entry.reason))}::text[],
                    ${column(moving.map((entry) => entry.reference))}::text[], ${column(moving.map((entry) => entry.createdAt))}::bigint[])
             with ordinality as e(user_id, account, delta, reason, reference, created_at, n)
        where (select count(*) from moved) = ${perUser.size}
        order by e.n
      )
      select id from moved`),
  );
  if (updated.length !== perUser.size) {
    const done = new Set(updated.map((row) => row.id));
    throw new Overdraft([...perUser.keys()].filter((id) => !done.has(id)));
  }
}
