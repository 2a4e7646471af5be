import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type Database, openDatabase } from "#server/db/client";
import { PriceFeed } from "#server/market/feed";
import { seedProducts } from "#server/market/seed-products";
import type { ServiceContext } from "#server/modules/context";
import { AppError } from "#server/modules/errors";
import { setProductFeed } from "#server/modules/markets/product-feed";
import { setProductTrading } from "#server/modules/markets/product-settings";
import { updateMoneySettings } from "#server/modules/money/settings";
import { placeOrder, SOURCE_SWITCH_SETTLE_SECONDS } from "#server/modules/trading/service";

import { HARNESS_START, ScriptedProvider } from "./harness";
import { sessionFor } from "./place-order-fixtures";
import { startTempPostgres, type TempPostgres } from "./postgres-server";

// The order attacks on PostgreSQL with two pools, as two server processes: the recorder (the job leader,
// process A) and a follower (process B), each with its own memory of the products and quotes.
describe("orders against what is committed, two processes on PostgreSQL", () => {
  let postgres: TempPostgres;
  let processes: Database[];
  const clock = { now: HARNESS_START };
  const provider = new ScriptedProvider();
  let leader: PriceFeed;
  let follower: PriceFeed;
  let n = 0;
  const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
  const ctxOf = (database: Database): ServiceContext => ({ db: database.db, now: () => clock.now, log: () => {} });
  const db = () => processes[0]!.db;

  beforeAll(async () => {
    postgres = await startTempPostgres();
    processes = [
      await openDatabase({ databaseUrl: postgres.url, dataDir: null }),
      await openDatabase({ databaseUrl: postgres.url, dataDir: null }),
    ];
    await seedProducts(db());
    leader = new PriceFeed({ db: db(), provider, now: () => clock.now, log: () => {}, retentionSeconds: 3600, backfillMinuteDays: 0 });
    await leader.open();
    follower = new PriceFeed({
      db: processes[1]!.db,
      provider,
      now: () => clock.now,
      log: () => {},
      retentionSeconds: 3600,
      backfillMinuteDays: 0,
    });
    await follower.follow();
  }, 60_000);
  afterAll(async () => {
    await Promise.all((processes ?? []).map((database) => database.close()));
    postgres?.stop();
  });

  const code = (feed: PriceFeed, wanted: string) => [...feed.products.values()].find((product) => product.code === wanted)!.id;

  async function userWithCash(cash: number) {
    n++;
    const [row] = rows<{ id: number }>(
      await db().execute(sql`insert into users (account, password_hash, phone, invite_code, created_at, cash)
        values (${`pgint${n}`}, 'x', '1', ${`PGINT${n}`}, 0, ${cash}) returning id`),
    );
    // the opening balance has its ledger row, as every balance does
    await db().execute(
      sql`insert into ledger (user_id, account, delta, reason, reference, created_at) values (${row!.id}, 'cash', ${cash}, 'seed', null, 0)`,
    );
    // the customer as the order path knows them: a session of their own
    return { id: row!.id, ...(await sessionFor(db(), row!.id, clock.now)) };
  }

  /** One recorder second: the leader records (and commits) it; the follower hears it only when told. */
  async function recordSecond(): Promise<void> {
    clock.now += 1;
    await leader.advance(clock.now);
  }
  const hearAll = async () => follower.follow();

  const place = (feed: PriceFeed, database: Database, user: Awaited<ReturnType<typeof userWithCash>>, pid: number, requestId: string) =>
    placeOrder({ ...ctxOf(database), feed }, user, { pid, direction: "up", seconds: 30, amount: 1000, requestId }).then(
      (order) => ({ order, refusal: null }),
      (error: unknown) => {
        if (!(error instanceof AppError)) throw error;
        return { order: null, refusal: error.key };
      },
    );

  async function drift(): Promise<number> {
    const [row] = rows<{ n: string }>(
      await db().execute(sql`
        select count(*) as n from users u
        where u.cash <> coalesce((select sum(l.delta) from ledger l where l.user_id = u.id and l.account = 'cash'), 0)`),
    );
    return Number(row!.n);
  }

  it("a follower opens at the tick the leader just committed, never the one before it", async () => {
    const eur = code(leader, "EURUSD");
    await recordSecond();
    await hearAll();
    const user = await userWithCash(100_000);
    for (let i = 0; i < 5; i++) {
      const heard = follower.quote(eur)!;
      provider.queued.set(eur, [heard.price + 11 + i]);
      // committed by the recorder; the follower has not heard of it (its NOTIFY is still on the way)
      await recordSecond();
      expect(follower.quote(eur)).toEqual(heard);
      const { order } = await place(follower, processes[1]!, user, eur, `newest-${i}`);
      expect(order).not.toBeNull();
      const [row] = rows<{ open_price: string; open_tick_time: string }>(
        await db().execute(sql`select open_price, open_tick_time from orders where id = ${order!.id}`),
      );
      expect({ price: Number(row!.open_price), time: Number(row!.open_tick_time) }).toEqual(leader.quote(eur));
      expect(Number(row!.open_tick_time)).toBe(heard.time + 1);
      await hearAll();
    }
  });

  it("orders racing a close and a source switch never open after it commits; those open across it are void and refunded once", async () => {
    const btc = code(leader, "BTCUSDT");
    await recordSecond();
    await hearAll();
    const customers = await Promise.all(Array.from({ length: 4 }, () => userWithCash(1_000_000)));
    // open before the race: these are certainly holding when the switch comes
    for (const [i, user] of customers.entries())
      expect((await place(follower, processes[1]!, user, btc, `before-${i}`)).order).not.toBeNull();

    let switched = false;
    const startedAfterSwitch: Array<{ order: unknown; refusal: string | null }> = [];
    const workers = customers.map(async (user, u) => {
      // each customer keeps sending orders through the follower, whose memory still says open and simulated
      // until ten of its orders have started after the switch committed (bounded, however the machine is loaded)
      for (let i = 0, after = 0; after < 10 && i < 400; i++) {
        const started = switched;
        const answer = await place(follower, processes[1]!, user, btc, `race-${u}-${i}`);
        if (started) {
          after++;
          startedAfterSwitch.push(answer);
        }
      }
    });
    const operator = (async () => {
      // the operator works through the leader: halt, then switch
      await setProductTrading(ctxOf(processes[0]!), leader, btc, false);
      const result = await setProductFeed(ctxOf(processes[0]!), leader, { pid: btc, source: "binance:btcusdt", staleSeconds: 10 });
      switched = true;
      return result;
    })();
    const [result] = await Promise.all([operator, ...workers]);
    expect(result.voided).toBeGreaterThanOrEqual(customers.length);

    expect(startedAfterSwitch.length).toBeGreaterThan(0);
    expect(startedAfterSwitch.filter((answer) => answer.order !== null)).toEqual([]);
    const orders = rows<{ id: number; status: string; void_reason: string | null; amount: string; fee: string }>(
      await db().execute(sql`select id, status, void_reason, amount, fee from orders where product_id = ${btc}`),
    );
    expect(orders.filter((order) => order.status !== "void")).toEqual([]);
    expect(orders.length).toBe(result.voided);
    const refunds = rows<{ reference: string; n: string; sum: string }>(
      await db().execute(
        sql`select reference, count(*) as n, sum(delta) as sum from ledger where reason = 'order_void' group by reference`,
      ),
    );
    const refundOf = new Map(refunds.map((row) => [row.reference, row]));
    for (const order of orders) {
      expect(order.void_reason).toBe("source_switch");
      const refund = refundOf.get(`order:${order.id}`);
      expect({ n: Number(refund?.n), sum: Number(refund?.sum) }).toEqual({ n: 1, sum: Number(order.amount) + Number(order.fee) });
    }
    for (const user of customers) {
      const [row] = rows<{ cash: string }>(await db().execute(sql`select cash from users where id = ${user.id}`));
      expect(Number(row!.cash)).toBe(1_000_000);
    }
    expect(await drift()).toBe(0);
  });

  it("after a switch made through the follower, the leader (still simulated in its memory) opens nothing, nor does anyone until all have read it", async () => {
    const eth = code(leader, "ETHUSDT");
    await recordSecond();
    await hearAll();
    const user = await userWithCash(100_000);
    await setProductTrading(ctxOf(processes[1]!), follower, eth, false);
    await setProductFeed(ctxOf(processes[1]!), follower, { pid: eth, source: "binance:ethusdt", staleSeconds: 10 });
    await setProductTrading(ctxOf(processes[1]!), follower, eth, true);
    // the leader has not re-read the products: it still records the simulated walk, and takes orders at it
    expect(leader.products.get(eth)).toMatchObject({ tradingEnabled: true, feedSource: "simulated" });
    const answers = [];
    for (let i = 0; i < 4; i++) {
      await recordSecond();
      follower.receive([{ productId: eth, ...leader.quote(eth)!, time: clock.now }]);
      answers.push(await place(leader, processes[0]!, user, eth, `leader-${i}`));
      answers.push(await place(follower, processes[1]!, user, eth, `follower-${i}`));
    }
    expect(answers.map((answer) => answer.refusal)).toEqual(Array(8).fill("quote_stale"));
    // the refusal made the leader read the products: it knows the new source now
    expect(leader.products.get(eth)!.feedSource).toBe("binance:ethusdt");
    const [open] = rows<{ n: string }>(await db().execute(sql`select count(*) as n from orders where product_id = ${eth}`));
    expect(Number(open!.n)).toBe(0);
    expect(SOURCE_SWITCH_SETTLE_SECONDS).toBeGreaterThan(4);
  });
  it("a payout cap lowered through one process refuses, on the other, an option saved above it; open stake counts one product", async () => {
    const gbp = code(leader, "GBPUSD");
    const jpy = code(leader, "USDJPY");
    await recordSecond();
    await hearAll();
    const user = await userWithCash(1_000_000);
    // the follower holds GBPUSD's 30 s option at 0.8; the cap goes down to 0.75 through the leader's process
    await updateMoneySettings(db(), { payoutCapBps: 7_500 });
    expect((await place(follower, processes[1]!, user, gbp, "capped")).refusal).toBe("invalid_input");
    await updateMoneySettings(db(), { payoutCapBps: 9_500 });
    // USDJPY allows 20 U open in all; a 500 U GBPUSD order does not count against it
    await db().execute(sql`update products set total_max = 2000 where id = ${jpy}`);
    await follower.reloadProducts();
    const big = await placeOrder({ ...ctxOf(processes[1]!), feed: follower }, user, {
      pid: gbp,
      direction: "down",
      seconds: 30,
      amount: 50000,
      requestId: "big",
    });
    expect(big.status).toBe("holding");
    expect((await place(follower, processes[1]!, user, jpy, "small-1")).order).not.toBeNull();
    expect((await place(follower, processes[1]!, user, jpy, "small-2")).order).not.toBeNull();
    expect((await place(follower, processes[1]!, user, jpy, "small-3")).refusal).toBe("holding_total_max");
    expect(await drift()).toBe(0);
  });
});
