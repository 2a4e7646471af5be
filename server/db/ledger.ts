import { sql } from "drizzle-orm";

import type { LimitField } from "#contract/self-limits";
import type { Direction, OrderAccount } from "#contract/trading";

import type { Db, Tx } from "./client";

/**
 * The ledger's writer: the only code that changes a balance column of `users` or writes a `ledger` row
 * (tests/unit/one-ledger-writer.test.ts holds every other file to it), so each balance stays the sum of its
 * rows. It sits in the db layer because the settlement and accrual jobs and the first-start seed book money
 * too, and they may not import services; services call it through `moveMoney` (server/modules/ledger).
 */

/** `practice` is the practice balance: play money, moved only by practice orders, its opening and its resets */
export type Account = "cash" | "coin" | "frozen" | "yuebao" | "practice";
const ACCOUNTS: readonly Account[] = ["cash", "coin", "frozen", "yuebao", "practice"];

/** The ledger account an order's money moves on: cash for a real order, the practice balance for a practice one. */
export const accountOf = (order: OrderAccount): Account => (order === "practice" ? "practice" : "cash");

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
    const sums = perUser.get(entry.userId) ?? { cash: 0, coin: 0, frozen: 0, yuebao: 0, practice: 0 };
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

export type PlaceOrderOutcome =
  | "session"
  | "frozen"
  | "closed"
  | "source"
  | "option"
  | "payout_cap"
  | "prior"
  | "waited"
  | "stale"
  | "total_max"
  | "balance"
  | "price_moved"
  | "created"
  /** the customer's own limits (migration 0037): a timeout or exclusion holds, `openTime` is its end */
  | "self_excluded"
  /** a limit the customer set would be passed: the outcome is its field's name, `openTime` when it resets */
  | LimitField;

/** What the caller decided from its memory: the price is not among them, `place_order` takes the newest tick. */
export interface OrderToPlace {
  /** the hash of the session token the order came with (server/modules/accounts/tokens.ts): checked as committed now */
  tokenHash: string;
  userId: number;
  productId: number;
  requestId: string;
  direction: Direction;
  amount: number;
  fee: number;
  seconds: number;
  /** the product's price source the caller priced with: an order never opens once it has changed */
  feedSource: string;
  /** the price the customer saw (scaled integer), or null to open at the server's price whatever it is */
  shownPrice: number | null;
  openTime: number;
  /** whose money it stakes: cash, or the practice balance (opened at the first practice order) */
  account: OrderAccount;
}

export interface PlaceOrderChecks {
  /** a user-lock wait longer than this answers `waited`: the caller's time is taken again */
  waitLimitMs: number;
  /** seconds after a price-source switch during which no order opens on the product (every process must have read it) */
  switchSettleSeconds: number;
}

export interface PlaceOrderAnswer {
  outcome: PlaceOrderOutcome;
  orderId: number | null;
  /** `created`: the tick it opened at; `price_moved`: the newest tick, to show the customer */
  openPrice: number | null;
  openTickTime: number | null;
  /** `created`: its open time and payout rate as stored */
  openTime: number | null;
  payoutBps: number | null;
}

/**
 * Order placement as one call (one round trip, its own transaction) of the SQL function `place_order`, which
 * debits the stake and fee and writes their ledger rows. Migrations create it (the latest is
 * server/db/migrations/0044_practice_account.sql; a change is a new migration that drops and re-creates
 * it), and this file alone calls it. The caller priced the order from its memory of the products and the feed,
 * which may be seconds behind the database, and knows the session only from its cache; the function checks
 * every rule against what is committed now. In order:
 * - `session`: the token's session is gone (logout, password change), expired, another user's, older than the
 *   customer's session limit, or its account is locked; the lock is looked at again once the user's row is held, so a lock set meanwhile counts too;
 * - the product row is read `for share` first, so an operator's change of it (`for update`, e.g. a price-source
 *   switch) waits for orders being placed and orders wait for it: `closed` when it is halted or gone, `source`
 *   when its source is not the one the caller priced with, or was switched so recently that the recorder may
 *   still be writing the old source's prices (`switchSettleSeconds`);
 * - the option as stored now: `option` when there is none for `seconds`, `payout_cap` when its payout rate is
 *   above the operator's current cap (the money setting `payoutCapBps`, which may have been lowered since);
 * then under the user's row lock (taken after the product's, the order every writer of both keeps):
 * - `prior`: this requestId already made an order (its id), whatever else holds now;
 * - `frozen`: an operator froze the account (`users.account_frozen_at`), also while this call waited;
 * - `waited`: the lock was waited for longer than `waitLimitMs`, so the caller's time may be too old:
 *   nothing is written, the caller takes the time again and calls again;
 * - a practice order opens the practice balance at first use and meets only a timeout or exclusion of the
 *   customer's own limits; a real order meets all of them (`order_limit_refusal`, migration 0037, a loosening whose day has passed applied
 *   first): `self_excluded` in a timeout or exclusion, else the name of the first limit the order would pass
 *   (balance, open positions, turnover and net losses over 1, 7 and 30 days, an open order counted as lost),
 *   with `openTime` carrying when it ends or resets (null: not by time);
 * - `stale`: the newest committed tick of the product is older than its quote age allows;
 * - `total_max`: the user's open stake in this product plus this one would pass its `total_max`;
 * - `balance`: cash (a practice order: the practice balance) does not cover stake + fee;
 * - `price_moved`: the newest tick is further from the price the customer saw than the product tolerates;
 * - `created`: the order row (its id), opened at the newest committed tick, cash down by stake + fee, one
 *   ledger row each (a zero fee writes none).
 * The order opens at the newest committed tick, not at the caller's quote: a follower hears of a tick only
 * after it is committed, so its memory may still hold the one before.
 * Each statement of a PL/pgSQL function takes a fresh snapshot under READ COMMITTED, so the look-ups after
 * the lock see every order a concurrent placement for the same user committed while this one waited: the
 * duplicate and open-stake checks hold across processes as they did with `select … for update` in a
 * transaction of several statements.
 */
export async function placeChargedOrder(db: Db | Tx, order: OrderToPlace, checks: PlaceOrderChecks): Promise<PlaceOrderAnswer> {
  const [row] = await placeOrderCall(db)([
    order.tokenHash,
    order.userId,
    order.productId,
    order.requestId,
    order.direction,
    order.amount,
    order.fee,
    order.seconds,
    order.feedSource,
    order.shownPrice,
    order.openTime,
    checks.waitLimitMs,
    checks.switchSettleSeconds,
    order.account,
  ]);
  const [outcome, orderId, openPrice, openTickTime, openTime, payoutBps] = row!;
  const number = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  return {
    outcome: outcome as PlaceOrderOutcome,
    orderId: number(orderId),
    openPrice: number(openPrice),
    openTickTime: number(openTickTime),
    openTime: number(openTime),
    payoutBps: number(payoutBps),
  };
}

const ANSWER_COLUMNS = ["outcome", "order_id", "open_price", "open_tick_time", "open_time", "payout_bps"] as const;
const ARGUMENT_TYPES = [
  "text",
  "integer",
  "integer",
  "text",
  "text",
  "bigint",
  "bigint",
  "integer",
  "text",
  "bigint",
  "bigint",
  "integer",
  "integer",
  "text",
];
const PLACE_ORDER_SQL = `select ${ANSWER_COLUMNS.join(", ")} from place_order(${ARGUMENT_TYPES.map((type, i) => `$${i + 1}::${type}`).join(", ")})`;

/** The driver drizzle runs on (`db.$client`): a `pg` pool on PostgreSQL, the PGlite instance in process. */
type PgPool = {
  query(config: { name: string; text: string; values: unknown[]; rowMode: "array" }): Promise<{ rows: unknown[][] }>;
};
type PgliteClient = {
  exec(text: string): Promise<unknown>;
  query(text: string, values: unknown[], options: { rowMode: "array" }): Promise<{ rows: unknown[][] }>;
};

/**
 * Every order's one statement, sent straight to the driver rather than through drizzle: drizzle's query
 * builder and result mapping were some 6 % of the server's CPU per order. On PostgreSQL it is a named
 * prepared statement (parsed and planned once per pooled connection); rows come back as arrays.
 */
const placeOrderCalls = new WeakMap<Db | Tx, (values: unknown[]) => Promise<unknown[][]>>();
function placeOrderCall(db: Db | Tx): (values: unknown[]) => Promise<unknown[][]> {
  let call = placeOrderCalls.get(db);
  if (!call) {
    const driver = (db as unknown as { $client?: PgPool | PgliteClient }).$client;
    call = !driver
      ? inTransaction(db)
      : "exec" in driver
        ? async (values) => (await driver.query(PLACE_ORDER_SQL, values, { rowMode: "array" })).rows
        : async (values) => (await driver.query({ name: "place_order", text: PLACE_ORDER_SQL, values, rowMode: "array" })).rows;
    placeOrderCalls.set(db, call);
  }
  return call;
}

/** Inside a caller's transaction (which drizzle holds on its own connection): the same call through drizzle. */
const inTransaction =
  (tx: Db | Tx) =>
  async (values: unknown[]): Promise<unknown[][]> => {
    const args = sql.join(
      values.map((value, i) => sql`${value}::${sql.raw(ARGUMENT_TYPES[i]!)}`),
      sql`, `,
    );
    const answer = rowsOf<Record<(typeof ANSWER_COLUMNS)[number], unknown>>(
      await tx.execute(sql`select ${sql.raw(ANSWER_COLUMNS.join(", "))} from place_order(${args})`),
    );
    return answer.map((row) => ANSWER_COLUMNS.map((column) => row[column]));
  };

/**
 * Opens the user's practice balance if it was never used: 10 000.00 and one `practice_start` ledger row, exactly
 * once however many callers race (the SQL function `open_practice_account`, migration 0044).
 */
export async function openPracticeAccount(db: Db | Tx, userId: number, now: number): Promise<void> {
  await db.execute(sql`select open_practice_account(${userId}::integer, ${now}::bigint)`);
}
