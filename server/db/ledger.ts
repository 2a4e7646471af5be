import { sql } from "drizzle-orm";

import type { Direction } from "#contract/trading";

import type { Db, Tx } from "./client";

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

/**
 * Order placement as one call (one round trip, its own transaction when called outside one), created by
 * `installLedgerFunctions` at start-up so that this file, the ledger's one writer, holds the SQL that debits
 * the stake and fee and writes their ledger rows. In order, under the user's row lock:
 * - `prior`: this requestId already made an order (its id), whatever else holds now;
 * - `waited`: the lock was waited for longer than `wait_limit_ms`, so the quote the caller passed may be too
 *   old: nothing is written, the caller takes the price again and calls again;
 * - `total_max`: the user's open stake plus this one would pass `total_max`;
 * - `balance`: cash does not cover stake + fee;
 * - `price_moved`: the caller found the price too far from the one the customer saw;
 * - `created`: the order row (its id), cash down by stake + fee, one ledger row each (a zero fee writes none).
 * Each statement of a PL/pgSQL function takes a fresh snapshot under READ COMMITTED, so the look-ups after
 * the lock see every order a concurrent placement for the same user committed while this one waited: the
 * duplicate and open-stake checks hold across processes as they did with `select … for update` in a
 * transaction of several statements.
 */
const PLACE_ORDER_FUNCTION = `
create or replace function place_order(
  p_user_id integer, p_product_id integer, p_request_id text, p_direction text, p_amount bigint, p_fee bigint,
  p_seconds integer, p_payout_bps integer, p_open_price bigint, p_open_tick_time bigint, p_open_time bigint,
  p_total_max bigint, p_wait_limit_ms integer, p_price_moved boolean
) returns table (outcome text, order_id integer)
language plpgsql volatile as $fn$
declare
  asked timestamptz := clock_timestamp();
  balance bigint;
  found_id integer;
  open_stake bigint;
begin
  select users.cash into balance from users where users.id = p_user_id for update;
  select orders.id into found_id from orders where orders.user_id = p_user_id and orders.request_id = p_request_id;
  if found_id is not null then
    return query select 'prior'::text, found_id;
    return;
  end if;
  if clock_timestamp() - asked > p_wait_limit_ms * interval '1 millisecond' then
    return query select 'waited'::text, null::integer;
    return;
  end if;
  select coalesce(sum(orders.amount), 0) into open_stake from orders where orders.user_id = p_user_id and orders.status = 'holding';
  if open_stake + p_amount > p_total_max then
    return query select 'total_max'::text, null::integer;
    return;
  end if;
  if balance is null or balance < p_amount + p_fee then
    return query select 'balance'::text, null::integer;
    return;
  end if;
  if p_price_moved then
    return query select 'price_moved'::text, null::integer;
    return;
  end if;
  insert into orders (user_id, product_id, request_id, direction, amount, fee, seconds, payout_bps, open_price,
                      open_tick_time, open_time, expires_at)
  values (p_user_id, p_product_id, p_request_id, p_direction, p_amount, p_fee, p_seconds, p_payout_bps, p_open_price,
          p_open_tick_time, p_open_time, p_open_time + p_seconds)
  returning orders.id into found_id;
  -- covered, as checked above under the lock; the condition keeps the rule that no balance goes below zero
  update users set cash = users.cash - (p_amount + p_fee) where users.id = p_user_id and users.cash >= p_amount + p_fee;
  if not found then
    raise exception 'balance would go below zero for user %', p_user_id;
  end if;
  insert into ledger (user_id, account, delta, reason, reference, created_at)
  select p_user_id, 'cash', e.delta, e.reason, 'order:' || found_id, p_open_time
  from (values (1, -p_amount, 'order_stake'), (2, -p_fee, 'order_fee')) as e(n, delta, reason)
  where e.delta <> 0
  order by e.n;
  return query select 'created'::text, found_id;
end
$fn$`;

/** Creates (or replaces) the SQL functions above; run at start-up after the migrations, by one process at a time. */
export async function installLedgerFunctions(db: Db): Promise<void> {
  await db.execute(sql.raw(PLACE_ORDER_FUNCTION));
}

export type PlaceOrderOutcome = "prior" | "waited" | "total_max" | "balance" | "price_moved" | "created";

export interface OrderToPlace {
  userId: number;
  productId: number;
  requestId: string;
  direction: Direction;
  amount: number;
  fee: number;
  seconds: number;
  payoutBps: number;
  openPrice: number;
  openTickTime: number;
  openTime: number;
}

/** One call of `place_order` (see above): the outcome and, for `created` and `prior`, the order's id. */
export async function placeChargedOrder(
  db: Db | Tx,
  order: OrderToPlace,
  checks: { totalMax: number; waitLimitMs: number; priceMoved: boolean },
): Promise<{ outcome: PlaceOrderOutcome; orderId: number | null }> {
  const [row] = await placeOrderQuery(db).execute({ ...order, ...checks });
  return { outcome: row!.outcome, orderId: row!.orderId };
}

/**
 * The call, built once per database (a named prepared statement on PostgreSQL, parsed and planned once per
 * connection): it is every order's one statement.
 */
const placeOrderQueries = new WeakMap<Db | Tx, ReturnType<typeof preparePlaceOrder>>();
function placeOrderQuery(db: Db | Tx) {
  let query = placeOrderQueries.get(db);
  if (!query) {
    query = preparePlaceOrder(db);
    placeOrderQueries.set(db, query);
  }
  return query;
}
const preparePlaceOrder = (db: Db | Tx) => {
  const arg = (name: keyof OrderToPlace | "totalMax" | "waitLimitMs" | "priceMoved", type: string) =>
    sql`${sql.placeholder(name)}::${sql.raw(type)}`;
  const args = sql.join(
    [
      arg("userId", "integer"),
      arg("productId", "integer"),
      arg("requestId", "text"),
      arg("direction", "text"),
      arg("amount", "bigint"),
      arg("fee", "bigint"),
      arg("seconds", "integer"),
      arg("payoutBps", "integer"),
      arg("openPrice", "bigint"),
      arg("openTickTime", "bigint"),
      arg("openTime", "bigint"),
      arg("totalMax", "bigint"),
      arg("waitLimitMs", "integer"),
      arg("priceMoved", "boolean"),
    ],
    sql`, `,
  );
  return db
    .select({ outcome: sql<PlaceOrderOutcome>`outcome`, orderId: sql<number | null>`order_id` })
    .from(sql`place_order(${args})`)
    .prepare("place_order");
};
