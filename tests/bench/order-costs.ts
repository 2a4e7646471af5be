// Order placement beside what the database engine itself costs for the same row writes: on PGlite, in this
// process, the server's own steps timed one by one (parse, validate, the database call) against the engine
// running the same writes by hand; on PostgreSQL, the same writes through plain `pg` from many connections, the
// baseline `npm run bench` holds the HTTP order placement of two server processes to. Figures, not verdicts.
import pg from "pg";

import { endpoints } from "#contract/endpoints";
import { openDatabase } from "#server/db/client";
import { parseInput } from "#server/http/parse-input";
import { createSession, type SessionRef } from "#server/modules/accounts/sessions";
import { hashToken } from "#server/modules/accounts/tokens";
import { type PlaceOrderInput, placePlannedOrder, planOrder } from "#server/modules/trading/service";

import { startHarness } from "../server/harness";
import { databaseOnServer } from "../server/postgres-server";

const ORDER_AMOUNT_CENTS = 1_000;
const ORDER_FEE_CENTS = 10;
const USERS = 100;

/** Inserts `count` funded users straight into the database; their ids. */
async function benchUsers(query: (text: string) => Promise<{ rows: Array<{ id: number }> }>, count: number): Promise<number[]> {
  const tag = Date.now().toString(36);
  const { rows } = await query(
    `insert into users (account, password_hash, phone, invite_code, created_at, cash)
     select 'bench${tag}_' || i, 'x', '1', 'B${tag}' || i, 0, 1000000000 from generate_series(1, ${count}) i returning id`,
  );
  return rows.map((row) => row.id);
}

/** The writes of one order done by hand in one transaction: lock the user, the order, the balance, two ledger rows. */
async function handWrittenOrder(query: (text: string, params: unknown[]) => Promise<unknown>, userId: number, n: number, now: number) {
  await query("begin", []);
  try {
    await query("select cash from users where id = $1 for update", [userId]);
    const inserted = (await query(
      `insert into orders (user_id, product_id, request_id, direction, amount, fee, seconds, payout_bps, open_price, open_tick_time, open_time, expires_at)
       values ($1, 1, $2, 'up', $3, $4, 30, 8000, 100000, $5, $5, $6) returning id`,
      [userId, `hand-${n}`, ORDER_AMOUNT_CENTS, ORDER_FEE_CENTS, now, now + 30],
    )) as { rows: Array<{ id: number }> };
    await query("update users set cash = cash - $2 where id = $1", [userId, ORDER_AMOUNT_CENTS + ORDER_FEE_CENTS]);
    await query(
      `insert into ledger (user_id, account, delta, reason, reference, created_at)
       values ($1, 'cash', $2, 'order_stake', $4, $5), ($1, 'cash', $3, 'order_fee', $4, $5)`,
      [userId, -ORDER_AMOUNT_CENTS, -ORDER_FEE_CENTS, `order:${inserted.rows[0]!.id}`, now],
    );
    await query("commit", []);
  } catch (error) {
    await query("rollback", []);
    throw error;
  }
}

export interface PgliteOrderCosts {
  /** orders a second when the engine runs the writes by hand, one after another */
  engine: number;
  /** orders a second through the server's own steps, one after another, without HTTP */
  service: number;
  /** microseconds per order of each step */
  split: { parse: number; validate: number; database: number };
}

/** On an in-memory PGlite: `count` orders by hand, then `count` through the service's steps, each timed. */
export async function pgliteOrderCosts(count = 2_000): Promise<PgliteOrderCosts> {
  const h = await startHarness();
  try {
    const client = (h.database.db as unknown as { $client: { query: (text: string, params?: unknown[]) => Promise<{ rows: any[] }> } })
      .$client;
    const query = (text: string, params: unknown[] = []) => client.query(text, params);
    const userIds = await benchUsers(query, USERS);
    const now = h.clock.now;

    let started = performance.now();
    for (let n = 0; n < count; n++) await handWrittenOrder(query, userIds[n % userIds.length]!, n, now);
    const engine = count / ((performance.now() - started) / 1000);

    // each user with a session, as the order route knows them (place_order checks it)
    const sessions: SessionRef[] = [];
    for (const userId of userIds) sessions.push({ tokenHash: hashToken(await createSession(h.database.db, userId, now)), userId });
    const pid = [...h.feed.products.values()].find((product) => h.feed.status(product.id, now) === "open")!.id;
    const split = { parse: 0, validate: 0, database: 0 };
    const ctx = { ...h.ctx, feed: h.feed };
    started = performance.now();
    for (let n = 0; n < count; n++) {
      const session = sessions[n % sessions.length]!;
      const t0 = performance.now();
      const input = parseInput(endpoints.placeOrder.request, {
        pid: String(pid),
        direction: n % 2 ? "up" : "down",
        seconds: "30",
        amount: "10",
        requestId: `service-${n}`,
      }) as PlaceOrderInput;
      const t1 = performance.now();
      const plan = planOrder(ctx, input);
      const t2 = performance.now();
      // lock, checks, order row, stake and fee with their ledger rows: one call of place_order
      await placePlannedOrder(ctx, session, plan, input);
      const t3 = performance.now();
      split.parse += t1 - t0;
      split.validate += t2 - t1;
      split.database += t3 - t2;
    }
    const service = count / ((performance.now() - started) / 1000);
    const perOrder = (ms: number) => (ms * 1000) / count;
    return {
      engine,
      service,
      split: {
        parse: perOrder(split.parse),
        validate: perOrder(split.validate),
        database: perOrder(split.database),
      },
    };
  } finally {
    await h.close();
  }
}

/**
 * The plain-`pg` baseline on PostgreSQL: a database of its own in the same cluster (migrated as the server
 * does), `connections` clients each placing hand-written orders for its own users for `seconds`. Orders a second.
 */
export async function plainPgOrderBaseline(clusterUrl: string, seconds: number, connections = 16): Promise<number> {
  const database = await databaseOnServer(clusterUrl);
  const migrated = await openDatabase({ databaseUrl: database.url, dataDir: null });
  await migrated.close();

  const pool = new pg.Pool({ connectionString: database.url, max: connections });
  try {
    const userIds = await benchUsers((text) => pool.query(text), USERS);
    const now = Math.floor(Date.now() / 1000);
    const deadline = performance.now() + seconds * 1000;
    let placed = 0;
    await Promise.all(
      Array.from({ length: connections }, async (_, worker) => {
        const connection = await pool.connect();
        try {
          const query = (text: string, params: unknown[]) => connection.query(text, params);
          for (let n = worker; performance.now() < deadline; n += connections) {
            await handWrittenOrder(query, userIds[n % userIds.length]!, n, now);
            placed++;
          }
        } finally {
          connection.release();
        }
      }),
    );
    return placed / seconds;
  } finally {
    await pool.end();
    database.stop();
  }
}
