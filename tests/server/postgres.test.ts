import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type Database, openDatabase } from "#server/db/client";
import { DEMO_PASSWORD, DEMO_PAY_PASSWORD, seedOnce } from "#server/db/seed";
import { buildApp } from "#server/http/app";
import { settleDueOrders } from "#server/jobs/settlement";
import { PriceFeed } from "#server/market/feed";
import { seedProducts } from "#server/market/seed-products";
import { hashPassword } from "#server/modules/accounts/passwords";

import { ScriptedProvider } from "./harness";
import { startTempPostgres, type TempPostgres } from "./postgres-server";
import { registrationForm } from "./registration-form";

// DATABASE_URL=postgres://… runs the same migrations and services on a PostgreSQL server (pg driver).
describe("on PostgreSQL", () => {
  let postgres: TempPostgres;
  let database: Database;
  beforeAll(async () => {
    postgres = await startTempPostgres();
    database = await openDatabase({ databaseUrl: postgres.url, dataDir: null });
  }, 60_000);
  afterAll(async () => {
    await database?.close();
    postgres?.stop();
  });

  it("migrates, seeds once, and serves register/login/user-info and a settled order", async () => {
    expect(database.kind).toBe("postgres");
    const clock = { now: 1_800_000_000 };
    const ctx = { db: database.db, now: () => clock.now, log: () => {} };
    const hashes = { password: await hashPassword(DEMO_PASSWORD), payPassword: await hashPassword(DEMO_PAY_PASSWORD) };
    expect(await seedOnce(ctx, hashes)).toBe(true);
    expect(await seedOnce(ctx, hashes)).toBe(false);
    // a second open runs the migrations again without harm
    const again = await openDatabase({ databaseUrl: postgres.url, dataDir: null });
    await again.close();

    await seedProducts(database.db);
    const provider = new ScriptedProvider();
    const feed = new PriceFeed({
      db: database.db,
      provider,
      now: ctx.now,
      log: () => {},
      retentionSeconds: 3600,
      backfillMinuteDays: 0.01,
    });
    await feed.open();
    const codes: string[] = [];
    const app = await buildApp({
      ctx,
      sms: { send: async (_p, code) => void codes.push(code) },
      opsToken: "t",
      feed,
      uploadsDir: join(tmpdir(), "trading-pg-uploads"),
      rateLimitScale: 100,
    });
    const post = (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
      app.inject({
        method: "POST",
        url,
        headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
        payload: new URLSearchParams(fields).toString(),
      });

    await post("/api/login/sendsms", { phone: "13912345678" });
    const registered = await post(
      "/api/login/reg",
      registrationForm({ account: "pguser1", password: "secret123", payPassword: "pay12345", phone: "13912345678", smsCode: codes[0]! }),
    );
    expect(registered.json()).toMatchObject({ code: 1, data: { user: { account: "pguser1" } } });
    // with a valid code of its own phone: without one, registration does not say whether a name is taken
    await post("/api/login/sendsms", { phone: "13912345679" });
    const duplicate = await post(
      "/api/login/reg",
      registrationForm({ account: "PGUSER1", password: "secret123", payPassword: "pay12345", phone: "13912345679", smsCode: codes[1]! }),
    );
    expect(duplicate.json().err).toBe("account_exists");
    const login = await post("/api/login/index", { account: "demo", password: DEMO_PASSWORD });
    const token = login.json().data.token as string;
    const me = await app.inject({ method: "GET", url: "/api/user/index", headers: { token } });
    expect(me.json()).toMatchObject({ code: 1, data: { account: "demo", cash: "10000.00" } });

    // an order on BTC/USDT, settled from the recorded feed by the set-based settlement SQL; taken from the
    // second after the feed's first commitment
    const btc = [...feed.products.values()].find((p) => p.code === "BTCUSDT")!;
    clock.now += 1;
    await feed.advance(clock.now);
    const opened = await post(
      "/api/user/addorder",
      { pid: String(btc.id), direction: "up", seconds: "30", amount: "100", requestId: "pg-order-1" },
      { token },
    );
    expect(opened.json()).toMatchObject({ code: 1, data: { status: "holding", amount: "100.00", fee: "1.00" } });
    provider.queued.set(btc.id, [feed.quote(btc.id)!.price + 500]);
    // its result is due once its exit minute's seed is revealed: not a second before
    const due = opened.json().data.resultAt as number;
    while (clock.now < due - 1) {
      clock.now += 1;
      await feed.advance(clock.now);
    }
    expect(await settleDueOrders(database.db, clock.now)).toBe(0);
    clock.now += 1;
    await feed.advance(clock.now);
    expect(await settleDueOrders(database.db, clock.now)).toBe(1);
    const order = await app.inject({ method: "GET", url: `/api/user/get_this_order?id=${opened.json().data.id}`, headers: { token } });
    expect(order.json().data).toMatchObject({ status: "closed", result: "win", profit: "80.00" });
    const after = await app.inject({ method: "GET", url: "/api/user/index", headers: { token } });
    expect(after.json().data.cash).toBe("10079.00");
    await app.close();
  });
});
