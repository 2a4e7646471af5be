import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type Database, openDatabase } from "#server/db/client";
import { placeChargedOrder } from "#server/db/ledger";
import { PriceFeed } from "#server/market/feed";
import { seedProducts } from "#server/market/seed-products";
import { AppError } from "#server/modules/errors";
import { placeClockOrder } from "#server/modules/trading/clock-orders";
import { placeOrder } from "#server/modules/trading/service";

import { HARNESS_START, ScriptedProvider } from "./harness";
import { fixtureTokenHash, insertUserWithCash, orderToPlace, placeChecks, rows } from "./place-order-fixtures";
import { startTempPostgres, type TempPostgres } from "./postgres-server";

// Order placement is one call of the SQL function place_order (server/db/ledger.ts). These races run it from two
// pools on one PostgreSQL, as two server processes would, for one user: the row lock and the look-ups made after
// it must keep a requestId to one order, the open stake within the product's total and the balance above zero.
describe("place_order racing for one user from two processes (PostgreSQL)", () => {
  let postgres: TempPostgres;
  let processes: Database[];
  let n = 0;
  beforeAll(async () => {
    postgres = await startTempPostgres();
    processes = [
      await openDatabase({ databaseUrl: postgres.url, dataDir: null }),
      await openDatabase({ databaseUrl: postgres.url, dataDir: null }),
    ];
  }, 60_000);
  afterAll(async () => {
    await Promise.all((processes ?? []).map((database) => database.close()));
    postgres?.stop();
  });

  const db = () => processes[0]!.db;

  async function userWithCash(cash: number): Promise<number> {
    n++;
    return insertUserWithCash(db(), `race${n}`, `RACE${n}`, cash);
  }

  // product 1 as seeded (simulated, 30 s at 0.8), with one recorded tick at the orders' open time
  const order = orderToPlace;
  const checks = placeChecks;
  const setTotalMax = (cents: number) => db().execute(sql`update products set total_max = ${cents} where id = 1`);
  beforeAll(async () => {
    await seedProducts(db());
    await db().execute(sql`insert into ticks (product_id, time, price) values (1, 1800000000, 100000)`);
    await setTotalMax(1_000_000);
  });

  /**
   * The other process holds the user's row, as a settlement crediting this user would, until the returned
   * release is called (which resolves once the row is free).
   */
  async function holdUserRow(userId: number): Promise<() => Promise<void>> {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const holder = processes[1]!.db.transaction(async (tx) => {
      await tx.execute(sql`select id from users where id = ${userId} for update`);
      locked();
      await held;
    });
    await lockTaken;
    return async () => {
      release();
      await holder;
    };
  }

  /** `count` calls at once, alternating between the two processes. */
  const race = (count: number, call: (database: Database, i: number) => ReturnType<typeof placeChargedOrder>) =>
    Promise.all(Array.from({ length: count }, (_, i) => call(processes[i % 2]!, i)));

  async function account(userId: number) {
    const [user] = rows<{ cash: string }>(await db().execute(sql`select cash from users where id = ${userId}`));
    const [ledger] = rows<{ rows: string; sum: string | null }>(
      await db().execute(sql`select count(*) as rows, sum(delta) as sum from ledger where user_id = ${userId}`),
    );
    const [open] = rows<{ orders: string; stake: string | null }>(
      await db().execute(sql`select count(*) as orders, sum(amount) as stake from orders where user_id = ${userId} and status = 'holding'`),
    );
    return {
      cash: Number(user!.cash),
      ledgerRows: Number(ledger!.rows),
      ledgerSum: Number(ledger!.sum ?? 0),
      orders: Number(open!.orders),
      stake: Number(open!.stake ?? 0),
    };
  }

  it("one requestId sent 20 times at once makes one order, charged once; every call answers with it", async () => {
    const userId = await userWithCash(100_000);
    const answers = await race(20, (database) => placeChargedOrder(database.db, order(userId, "same"), checks));
    const created = answers.filter((answer) => answer.outcome === "created");
    expect(created).toHaveLength(1);
    expect(answers.filter((answer) => answer.outcome === "prior")).toHaveLength(19);
    expect(new Set(answers.map((answer) => answer.orderId))).toEqual(new Set([created[0]!.orderId]));
    expect(await account(userId)).toEqual({ cash: 100_000 - 1_010, ledgerRows: 2, ledgerSum: -1_010, orders: 1, stake: 1_000 });
  });

  it("the open stake never passes the product's total, however the orders race", async () => {
    const userId = await userWithCash(1_000_000);
    await setTotalMax(10_000);
    const answers = await race(40, (database, i) => placeChargedOrder(database.db, order(userId, `total-${i}`), checks));
    await setTotalMax(1_000_000);
    expect(answers.filter((answer) => answer.outcome === "created")).toHaveLength(10);
    expect(answers.filter((answer) => answer.outcome === "total_max")).toHaveLength(30);
    expect(await account(userId)).toEqual({
      cash: 1_000_000 - 10 * 1_010,
      ledgerRows: 20,
      ledgerSum: -10 * 1_010,
      orders: 10,
      stake: 10_000,
    });
  });

  it("the balance never goes below zero: only the orders cash covers open", async () => {
    const userId = await userWithCash(3 * 1_010 + 500);
    const answers = await race(12, (database, i) => placeChargedOrder(database.db, order(userId, `cash-${i}`), checks));
    expect(answers.filter((answer) => answer.outcome === "created")).toHaveLength(3);
    expect(answers.filter((answer) => answer.outcome === "balance")).toHaveLength(9);
    expect(await account(userId)).toEqual({ cash: 500, ledgerRows: 6, ledgerSum: -3 * 1_010, orders: 3, stake: 3_000 });
  });

  it("practice orders racing from two processes open the practice balance once and never touch cash", async () => {
    const userId = await userWithCash(50_000);
    // 10 000.00 covers nine orders of 1 010.00 (stake and fee) and not a tenth
    const answers = await race(16, (database, i) =>
      placeChargedOrder(database.db, { ...order(userId, `practice-${i}`, 100_000, 1_000), account: "practice" }, checks),
    );
    expect(answers.filter((answer) => answer.outcome === "created")).toHaveLength(9);
    expect(answers.filter((answer) => answer.outcome === "balance")).toHaveLength(7);
    const [user] = rows<{ cash: string; practice: string }>(await db().execute(sql`select cash, practice from users where id = ${userId}`));
    expect({ cash: Number(user!.cash), practice: Number(user!.practice) }).toEqual({ cash: 50_000, practice: 1_000_000 - 9 * 101_000 });
    const ledger = rows<{ account: string; reason: string; n: string; sum: string }>(
      await db().execute(sql`select account, reason, count(*) as n, sum(delta) as sum from ledger where user_id = ${userId}
        group by account, reason order by reason`),
    );
    expect(ledger.map((row) => [row.account, row.reason, Number(row.n), Number(row.sum)])).toEqual([
      ["practice", "order_fee", 9, -9_000],
      ["practice", "order_stake", 9, -900_000],
      ["practice", "practice_start", 1, 1_000_000],
    ]);
  });

  it("after a lock wait longer than allowed it writes nothing and says so, so the price is taken again", async () => {
    const userId = await userWithCash(100_000);
    const release = await holdUserRow(userId);
    const waiting = placeChargedOrder(db(), order(userId, "late"), { ...checks, waitLimitMs: 100 });
    await new Promise((resolve) => setTimeout(resolve, 400));
    await release();
    expect(await waiting).toMatchObject({ outcome: "waited", orderId: null });
    expect(await account(userId)).toEqual({ cash: 100_000, ledgerRows: 0, ledgerSum: 0, orders: 0, stake: 0 });
    // taken again without a wait, it opens
    expect((await placeChargedOrder(db(), order(userId, "late"), { ...checks, waitLimitMs: 100 })).outcome).toBe("created");
  });

  it("an account locked by another process while the order waited for the user's row is refused as `session`", async () => {
    const userId = await userWithCash(100_000);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    // a lockout as the login guard writes it, committed only once the order is waiting for the row
    const lockout = processes[1]!.db.transaction(async (tx) => {
      await tx.execute(sql`update users set locked = true, locked_until = null where id = ${userId}`);
      locked();
      await held;
    });
    await lockTaken;
    const waiting = placeChargedOrder(db(), order(userId, "locked-meanwhile"), checks);
    // the call has read the session (the lock not yet committed) and now waits for the row
    for (;;) {
      const [row] = rows<{ n: string }>(
        await db().execute(
          sql`select count(*) as n from pg_stat_activity where wait_event_type = 'Lock' and query like '%place_order(%' and pid <> pg_backend_pid()`,
        ),
      );
      if (Number(row!.n) > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    release();
    await lockout;
    expect(await waiting).toMatchObject({ outcome: "session", orderId: null });
    expect(await account(userId)).toEqual({ cash: 100_000, ledgerRows: 0, ledgerSum: 0, orders: 0, stake: 0 });
  });

  it("a zero fee writes the stake's ledger row alone; a price that moved writes nothing", async () => {
    const userId = await userWithCash(100_000);
    // the customer saw 1 % below the recorded tick: beyond the product's tolerance
    expect((await placeChargedOrder(db(), { ...order(userId, "moved"), shownPrice: 99_000 }, checks)).outcome).toBe("price_moved");
    expect((await placeChargedOrder(db(), order(userId, "free", 1_000, 0), checks)).outcome).toBe("created");
    expect(await account(userId)).toEqual({ cash: 99_000, ledgerRows: 1, ledgerSum: -1_000, orders: 1, stake: 1_000 });
  });

  it("an order at a clock time commits with the boundary as its expiry, once however often it is sent at once", async () => {
    const userId = await userWithCash(100_000);
    // the 60 s option's rate for a boundary 45 s after the open
    const clockOrder = { ...order(userId, "clock"), seconds: 60 };
    const boundary = 1_800_000_045;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => placeClockOrder(processes[i % 2]!.db, clockOrder, checks, boundary)),
    );
    expect(answers.filter((answer) => answer.outcome === "created")).toHaveLength(1);
    expect(new Set(answers.map((answer) => answer.orderId)).size).toBe(1);
    const [row] = rows<{ seconds: string; expires_at: string; payout_bps: string }>(
      await db().execute(sql`select seconds, expires_at, payout_bps from orders where user_id = ${userId}`),
    );
    expect([Number(row!.seconds), Number(row!.expires_at), Number(row!.payout_bps)]).toEqual([45, boundary, 8500]);
    expect(await account(userId)).toMatchObject({ cash: 100_000 - 1_010, orders: 1, stake: 1_000 });
  });

  describe("through the trading service, when the user's row was locked for a while", () => {
    const clock = { now: HARNESS_START };
    const provider = new ScriptedProvider();
    let feed: PriceFeed;
    let btc: number;
    beforeAll(async () => {
      await seedProducts(db());
      feed = new PriceFeed({ db: db(), provider, now: () => clock.now, log: () => {}, retentionSeconds: 3600, backfillMinuteDays: 0 });
      await feed.open();
      // the second recorded at open came before the first commitment: orders open from the next one on
      clock.now += 1;
      await feed.advance(clock.now);
      btc = [...feed.products.values()].find((product) => product.code === "BTCUSDT")!.id;
    }, 60_000);

    /** Places an order while the other process holds the user's row for 400 ms, `meanwhile` running during the wait. */
    async function placeDuringLock(userId: number, requestId: string, meanwhile: () => Promise<void>) {
      const release = await holdUserRow(userId);
      const placing = placeOrder(
        { db: db(), now: () => clock.now, log: () => {}, feed },
        { tokenHash: fixtureTokenHash(userId), userId },
        {
          pid: btc,
          direction: "up",
          seconds: 30,
          amount: 1000,
          requestId,
        },
      ).catch((error: unknown) => error);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await meanwhile();
      await new Promise((resolve) => setTimeout(resolve, 300));
      await release();
      return placing;
    }

    it("opens at the price the feed has after the wait, not the one taken before it", async () => {
      const userId = await userWithCash(100_000);
      // the quote is at the end of its freshness when the order asks: any wait beyond 250 ms makes it too old
      clock.now = feed.quote(btc)!.time + 2;
      const before = feed.quote(btc)!;
      const placed = await placeDuringLock(userId, "after-wait", async () => {
        provider.queued.set(btc, [before.price + 777]);
        clock.now += 1;
        await feed.advance(clock.now);
      });
      expect(placed).toMatchObject({ status: "holding", openTime: clock.now });
      expect(feed.quote(btc)).toEqual({ price: before.price + 777, time: clock.now });
      const [row] = rows<{ open_price: string; open_tick_time: string }>(
        await db().execute(sql`select open_price, open_tick_time from orders where user_id = ${userId}`),
      );
      expect({ price: Number(row!.open_price), time: Number(row!.open_tick_time) }).toEqual(feed.quote(btc));
    });

    it("refuses with quote_stale when the feed went stale during the wait, and writes nothing", async () => {
      const userId = await userWithCash(100_000);
      await feed.advance(clock.now);
      clock.now = feed.quote(btc)!.time + 2;
      const refused = await placeDuringLock(userId, "stale-after-wait", async () => {
        clock.now += 5;
      });
      expect(refused).toBeInstanceOf(AppError);
      expect((refused as AppError).key).toBe("quote_stale");
      expect(await account(userId)).toEqual({ cash: 100_000, ledgerRows: 0, ledgerSum: 0, orders: 0, stake: 0 });
    });
  });
});
