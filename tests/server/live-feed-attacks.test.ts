import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import * as schema from "#server/db/schema";
import { seedProducts } from "#server/market/seed-products";
import { SOURCE_SWITCH_SETTLE_SECONDS } from "#server/modules/trading/service";

import { api, type Harness, loginDemo, OPS_TOKEN, placeOrder, startHarness } from "./harness";
import { FakeBinance, SourceOnFake, until } from "./live-feed/fake-binance";

// An attacker's review of a product fed by an exchange: a stream that goes quiet must not keep
// its last price alive, the exchange's own trade time places a trade, and one wild trade decides nothing.
let h: Harness;
let fake: FakeBinance;
let token: string;
let btc: number;
let binance: SourceOnFake;
/** where in the test clock's current second a message arrives (ms) */
let arrivalMs = 500;
const ops = { "ops-token": OPS_TOKEN };

beforeAll(async () => {
  fake = await FakeBinance.start();
  binance = new SourceOnFake(fake, () => h.clock.now * 1000 + arrivalMs);
  h = await startHarness({ live: { binance: binance.source }, prepare: () => {} });
  btc = [...h.feed.products.values()].find((product) => product.code === "BTCUSDT")!.id;
  token = await loginDemo(h);
  await api(h, "POST", "/api/ops/product/trading", { pid: String(btc), enabled: "0" }, ops);
  const switched = await setFeed("10");
  expect(switched.body).toMatchObject({ code: 1, data: { feedSource: "binance:btcusdt", feedStaleSeconds: 10 } });
  await api(h, "POST", "/api/ops/product/trading", { pid: String(btc), enabled: "1" }, ops);
  // no order opens in the seconds after a switch (every process must have read it first)
  await h.advance(SOURCE_SWITCH_SETTLE_SECONDS);
  await until(() => fake.connected("btcusdt") === 1);
});

afterAll(async () => {
  await h?.close();
  await fake?.close();
});

beforeEach(() => {
  arrivalMs = 500;
});

function setFeed(staleSeconds: string) {
  return api(h, "POST", "/api/ops/product/feed", { pid: String(btc), source: "binance:btcusdt", staleSeconds }, ops);
}
const detail = async () => (await api(h, "GET", "/api/index/getprodata", { pid: String(btc) })).body.data;
const latest = async () => (await api(h, "GET", "/api/index/ajaxpro", { pids: String(btc) })).body.data[0];
const check = async () => (await api(h, "GET", "/api/user/goorder", { pid: String(btc) }, { token })).body.data;
const tickAt = async (time: number) => {
  const result = await h.database.db.execute(`select price from ticks where product_id = ${btc} and time = ${time}` as never);
  const row = (result as unknown as { rows: Array<{ price: string | number }> }).rows[0];
  return row === undefined ? undefined : Number(row.price);
};
/** `ms` into the test clock's current second, on the exchange's clock. */
const at = (ms: number) => h.clock.now * 1000 + ms;

/** The exchange trades at `price` at `time` (ms); resolves once the source has read the message. */
async function trade(price: string, time = at(400)): Promise<void> {
  const before = binance.heard;
  fake.trade("btcusdt", price, time);
  await until(() => binance.heard > before);
}

/** A steady market: one trade at `price` in each of the next `seconds` seconds, recorded as they pass. */
async function steady(price: string, seconds: number): Promise<void> {
  for (let i = 0; i < seconds; i++) {
    await trade(price);
    await h.advance(1);
  }
}

describe("a silent exchange stream", () => {
  it("records no tick for a second without a trade, goes stale within two seconds and refuses orders everywhere", async () => {
    await steady("70000.00", 3);
    const lastHeard = h.clock.now;
    expect(await tickAt(lastHeard)).toBe(7_000_000);
    expect((await placeOrder(h, token, btc)).body).toMatchObject({ code: 1, data: { openPrice: "70000.00" } });

    // the stream goes quiet, as the review saw it: its last price must not be recorded again as a new one
    await h.advance(1);
    expect(await tickAt(lastHeard + 1)).toBeUndefined();
    await h.advance(1);
    expect(await tickAt(lastHeard + 2)).toBeUndefined();
    expect(h.feed.quote(btc)).toEqual({ price: 7_000_000, time: lastHeard });
    expect(await detail()).toMatchObject({ stale: true, status: "open" });
    expect(await latest()).toMatchObject({ id: btc, stale: true });
    const list = (await api(h, "GET", "/api/index/ajaxdata", {})).body.data.find((p: { id: number }) => p.id === btc);
    expect(list).toMatchObject({ stale: true });
    expect(await check()).toEqual({ allowed: false, reason: "quote_stale" });
    // ten orders at the frozen price, as in the review: none opens
    for (let i = 0; i < 10; i++) expect((await placeOrder(h, token, btc)).body).toMatchObject({ err: "quote_stale" });
    const listed = (await api(h, "GET", "/api/ops/products", {}, ops)).body.data.find((p: { id: number }) => p.id === btc);
    expect(listed).toMatchObject({ stale: true });

    // the next trade heard makes it fresh again, at the price heard
    await trade("70210.00");
    await h.advance(1);
    expect(await detail()).toMatchObject({ stale: false, price: "70210.00" });
    expect(await check()).toEqual({ allowed: true });
  });
});

describe("an exchange silent at an order's expiry", () => {
  it("voids the order and refunds stake and fee once, instead of settling it on an older price", async () => {
    await steady("70000.00", 3);
    const placed = (await placeOrder(h, token, btc)).body;
    expect(placed).toMatchObject({ code: 1, data: { openPrice: "70000.00" } });
    await steady("70500.00", 25);
    // silent from five seconds before the expiry to well past the settlement's grace
    await h.advance(20);
    const order = (await api(h, "GET", "/api/user/get_this_order", { id: String(placed.data.id) }, { token })).body.data;
    expect(order).toMatchObject({ status: "void", voidReason: "feed_silent", result: null });
    // settlement running again changes nothing: stake and fee came back once, so the order moved no money
    await h.advance(2);
    const booked = await h.database.db.execute(
      `select count(*) filter (where reason = 'order_void') voids, sum(delta) net from ledger where reference = 'order:${placed.data.id}'` as never,
    );
    const row = (booked as unknown as { rows: Array<{ voids: string | number; net: string | number }> }).rows[0]!;
    expect([Number(row.voids), Number(row.net)]).toEqual([1, 0]);
    expect((await api(h, "GET", "/api/ops/reconcile", {}, ops)).body.data).toMatchObject({ ok: true });
    // an order whose expiry second traded settles as before (after the silence, a few trades confirm the price)
    await steady("70500.00", 5);
    const heardAtExpiry = (await placeOrder(h, token, btc)).body;
    expect(heardAtExpiry).toMatchObject({ code: 1 });
    await steady("70600.00", 32);
    const settled = (await api(h, "GET", "/api/user/get_this_order", { id: String(heardAtExpiry.data.id) }, { token })).body.data;
    expect(settled).toMatchObject({ status: "closed", result: "win", closePrice: "70600.00" });
  });
});

describe("the exchange's trade time", () => {
  it("places each trade in the second it was made, and ignores one made too long ago or in the future", async () => {
    await steady("70300.00", 2);
    const start = h.clock.now;
    await h.advance(2);
    // two trades made in different seconds reach us in the same one, late: each is recorded in its own second
    arrivalMs = 900;
    await trade("70310.00", (start + 1) * 1000 + 500);
    await trade("70320.00", (start + 2) * 1000 + 600);
    // made 2.5 s before it reached us: a delayed message is not a current price (it would be the second's last)
    await trade("70305.00", (start + 2) * 1000 + 900 - 2500);
    // dated a second ahead of our clock: not trusted either
    await trade("70325.00", (start + 2) * 1000 + 900 + 1000);
    await h.advance(1);
    expect(await tickAt(start + 1)).toBe(undefined);
    expect(await tickAt(start + 2)).toBe(7_031_000);
    expect(await tickAt(start + 3)).toBe(7_032_000);
    expect(h.feed.quote(btc)).toEqual({ price: 7_032_000, time: start + 3 });
    expect(binance.logs.some((line) => /ignored .*trade time/.test(line))).toBe(true);
  });
});

describe("a wild trade", () => {
  it("during an order's expiry second decides nothing; a move confirmed by several trades is taken", async () => {
    await steady("70000.00", 3);
    const placed = [];
    for (const direction of ["up", "up", "down", "down"]) placed.push((await placeOrder(h, token, btc, { direction })).body);
    for (const answer of placed) expect(answer).toMatchObject({ code: 1, data: { openPrice: "70000.00" } });
    const expiry = h.clock.now + 30;
    await steady("70001.00", 29);
    expect(h.clock.now).toBe(expiry - 1);
    // the expiry second: the market trades at 70 001.50, then one trade prints 50 % lower
    h.logs.length = 0;
    await trade("70001.50", at(100));
    await trade("35000.00", at(200));
    await h.advance(1);
    expect(await tickAt(expiry)).toBe(7_000_150);
    expect(h.logs.some((line) => /outlier/.test(line) && line.includes("35000.00"))).toBe(true);
    await steady("70001.00", 1);
    const results = [];
    for (const answer of placed) {
      results.push((await api(h, "GET", "/api/user/get_this_order", { id: String(answer.data.id) }, { token })).body.data);
    }
    expect(results.map((order) => [order.status, order.result, order.closePrice])).toEqual([
      ["closed", "win", "70001.50"],
      ["closed", "win", "70001.50"],
      ["closed", "loss", "70001.50"],
      ["closed", "loss", "70001.50"],
    ]);

    // a real fall of 10 %: the first trades at the new level wait, three over more than a second are taken
    const start = h.clock.now;
    await trade("63000.00", at(100));
    await trade("63010.00", at(600));
    await h.advance(1);
    expect(await tickAt(start + 1)).toBeUndefined();
    await trade("63020.00", at(300));
    await h.advance(1);
    expect(await tickAt(start + 1)).toBe(6_301_000);
    expect(await tickAt(start + 2)).toBe(6_302_000);
    await steady("63030.00", 1);
    expect(h.feed.quote(btc)).toEqual({ price: 6_303_000, time: start + 3 });
    expect(h.logs.some((line) => line.includes("moved to 63020.00, confirmed by 3 trades"))).toBe(true);
  });
});

describe("the staleness setting", () => {
  it("refuses more than 10 seconds with a clear message", async () => {
    for (const value of ["3600", "11"]) {
      expect((await setFeed(value)).body).toMatchObject({
        code: 0,
        err: "feed_stale_seconds_range",
        msg: "Stale seconds must be between 1 and 10",
      });
    }
    expect((await setFeed("0")).body).toMatchObject({ err: "feed_stale_seconds_range" });
    expect((await setFeed("5")).body).toMatchObject({ code: 1, data: { feedStaleSeconds: 5 } });
    expect(h.feed.products.get(btc)!.feedStaleSeconds).toBe(5);
  });

  it("migration 0022 brings stored values above the cap down to it, and the database refuses them from then on", async () => {
    const MIGRATIONS = "server/db/migrations";
    const folder = mkdtempSync(join(tmpdir(), "migrations-"));
    try {
      cpSync(MIGRATIONS, folder, { recursive: true });
      const journalPath = join(folder, "meta", "_journal.json");
      const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: Array<{ tag: string }> };
      const index = journal.entries.findIndex((entry) => entry.tag === "0022_feed_stale_cap");
      expect(index).toBeGreaterThan(0);
      writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, index) }));
      const client = new PGlite();
      const db = drizzle(client, { schema });
      await migrate(db, { migrationsFolder: folder });
      await seedProducts(db as never);
      await client.query("update products set feed_source = 'binance:btcusdt', feed_stale_seconds = 3600 where code = 'BTCUSDT'");
      await client.query("update products set feed_stale_seconds = 3 where code = 'EURUSD'");
      await migrate(db, { migrationsFolder: MIGRATIONS });
      const rows = await client.query<{ code: string; feed_stale_seconds: number }>(
        "select code, feed_stale_seconds from products where code in ('BTCUSDT', 'EURUSD', 'XAUUSD') order by code",
      );
      expect(rows.rows).toEqual([
        { code: "BTCUSDT", feed_stale_seconds: 10 },
        { code: "EURUSD", feed_stale_seconds: 3 },
        { code: "XAUUSD", feed_stale_seconds: 10 },
      ]);
      await expect(client.query("update products set feed_stale_seconds = 11 where code = 'EURUSD'")).rejects.toThrow(
        /feed_stale_seconds_range/,
      );
      await client.close();
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
