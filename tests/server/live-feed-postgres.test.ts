import { tmpdir } from "node:os";
import { join } from "node:path";

import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type Database, openDatabase } from "#server/db/client";
import { DEMO_PASSWORD, DEMO_PAY_PASSWORD, seedOnce } from "#server/db/seed";
import { buildApp } from "#server/http/app";
import { BinanceSource } from "#server/market/binance-source";
import { PriceFeed } from "#server/market/feed";
import { seedProducts } from "#server/market/seed-products";
import { encodeTicks, QUOTES_CHANNEL } from "#server/market/tick-notices";
import { hashPassword } from "#server/modules/accounts/passwords";

import { HARNESS_START, ScriptedProvider } from "./harness";
import { FakeBinance, until } from "./live-feed/fake-binance";
import { startTempPostgres, type TempPostgres } from "./postgres-server";

// Two processes on one PostgreSQL: the leader hears the exchange and records; the follower never hears it and
// serves quotes and orders from what was recorded. A silent stream must leave both refusing orders.
describe("a silent exchange stream, leader and follower on PostgreSQL", () => {
  let postgres: TempPostgres;
  let fake: FakeBinance;
  let leaderDb: Database;
  let followerDb: Database;
  let leader: PriceFeed;
  let follower: PriceFeed;
  const apps: FastifyInstance[] = [];
  const clock = { now: HARNESS_START };
  let heard = 0;
  let btc = 0;
  const tokens: string[] = [];
  let n = 0;

  beforeAll(async () => {
    postgres = await startTempPostgres();
    fake = await FakeBinance.start();
    leaderDb = await openDatabase({ databaseUrl: postgres.url, dataDir: null });
    followerDb = await openDatabase({ databaseUrl: postgres.url, dataDir: null });
    const now = () => clock.now;
    await seedOnce(
      { db: leaderDb.db, now },
      { password: await hashPassword(DEMO_PASSWORD), payPassword: await hashPassword(DEMO_PAY_PASSWORD) },
    );
    await seedProducts(leaderDb.db);
    // as the operator's switch leaves it, with the longest silence the setting allowed before
    await leaderDb.db.execute(sql`update products set feed_source = 'binance:btcusdt', feed_stale_seconds = 10 where code = 'BTCUSDT'`);
    const feedOptions = { now, log: () => {}, retentionSeconds: 3600, backfillMinuteDays: 0.01 };
    const source = new BinanceSource({
      url: fake.url,
      nowMs: () => {
        heard++;
        return clock.now * 1000 + 500;
      },
      log: () => {},
      heartbeatMs: 60_000,
    });
    leader = new PriceFeed({
      ...feedOptions,
      db: leaderDb.jobsDb,
      provider: new ScriptedProvider(),
      live: { binance: source },
      publish: async (ticks) => {
        for (const payload of encodeTicks(ticks)) await leaderDb.notify(QUOTES_CHANNEL, payload);
      },
    });
    await leader.open();
    follower = new PriceFeed({ ...feedOptions, db: followerDb.jobsDb, provider: new ScriptedProvider() });
    await follower.follow();
    btc = [...leader.products.values()].find((product) => product.code === "BTCUSDT")!.id;
    for (const [database, feed] of [
      [leaderDb, leader],
      [followerDb, follower],
    ] as const) {
      const app = await buildApp({
        ctx: { db: database.db, now, log: () => {} },
        sms: { send: async () => {} },
        opsToken: "t",
        feed,
        uploadsDir: join(tmpdir(), "trading-pg-uploads"),
      });
      apps.push(app);
      const login = await app.inject({ method: "POST", url: "/api/login/index", payload: { account: "demo", password: DEMO_PASSWORD } });
      tokens.push(login.json().data.token as string);
    }
    await leader.advance(clock.now);
    await until(() => fake.connected("btcusdt") === 1);
  }, 90_000);

  afterAll(async () => {
    for (const app of apps) await app.close();
    await leader?.close();
    await leaderDb?.close();
    await followerDb?.close();
    await fake?.close();
    postgres?.stop();
  });

  /** One second passes: the leader records it, the follower reads it back (its job round). */
  async function second(price?: string): Promise<void> {
    if (price !== undefined) {
      const before = heard;
      fake.trade("btcusdt", price, clock.now * 1000 + 400);
      await until(() => heard > before);
    }
    clock.now += 1;
    await leader.advance(clock.now);
    await follower.follow();
  }

  const order = (which: 0 | 1) =>
    apps[which]!.inject({
      method: "POST",
      url: "/api/user/addorder",
      headers: { token: tokens[which]! },
      payload: { pid: String(btc), direction: "up", seconds: "30", amount: "100", requestId: `pg-live-${++n}-${which}` },
    });
  const quote = async (which: 0 | 1) =>
    (await apps[which]!.inject({ method: "GET", url: `/api/index/ajaxpro?pids=${btc}` })).json().data[0];
  const ticksAfter = async (time: number) =>
    (
      (await leaderDb.db.execute(sql`select time from ticks where product_id = ${btc} and time > ${time} order by time`)) as unknown as {
        rows: Array<{ time: string | number }>;
      }
    ).rows.map((row) => Number(row.time));

  it("records nothing for silent seconds; leader and follower both say stale and refuse orders", async () => {
    for (let i = 0; i < 3; i++) await second("70000.00");
    const lastHeard = clock.now;
    expect(follower.quote(btc)).toEqual({ price: 7_000_000, time: lastHeard });
    expect((await order(1)).json()).toMatchObject({ code: 1, data: { openPrice: "70000.00" } });

    await second();
    await second();
    await second();
    expect(await ticksAfter(lastHeard)).toEqual([]);
    for (const which of [0, 1] as const) {
      expect(await quote(which)).toMatchObject({ id: btc, stale: true, price: "70000.00" });
      expect((await order(which)).json()).toMatchObject({ code: 0, err: "quote_stale" });
    }

    await second("70210.00");
    for (const which of [0, 1] as const) {
      expect(await quote(which)).toMatchObject({ stale: false, price: "70210.00" });
      expect((await order(which)).json()).toMatchObject({ code: 1, data: { openPrice: "70210.00" } });
    }
  });
});
