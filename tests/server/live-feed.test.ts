import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { startJobs } from "#server/jobs/runner";
import { SOURCE_SWITCH_SETTLE_SECONDS } from "#server/modules/trading/service";

import { api, type Harness, loginDemo, OPS_TOKEN, placeOrder, startHarness } from "./harness";
import { FakeBinance, SourceOnFake, until } from "./live-feed/fake-binance";

// A product fed by a local stand-in for Binance's public trade stream, next to products left simulated.
let h: Harness;
let fake: FakeBinance;
let token: string;
let btc: number;
let eur: number;
/** the source on the fake: it stamps each price it hears with the clock, nothing else does, and counts them */
let binance: SourceOnFake;
const ops = { "ops-token": OPS_TOKEN };

beforeAll(async () => {
  fake = await FakeBinance.start();
  // each price is heard in the middle of the test clock's current second
  binance = new SourceOnFake(fake, () => h.clock.now * 1000 + 500);
  h = await startHarness({ live: { binance: binance.source } });
  const codes = new Map([...h.feed.products.values()].map((product) => [product.code, product.id]));
  btc = codes.get("BTCUSDT")!;
  eur = codes.get("EURUSD")!;
  token = await loginDemo(h);
});

afterAll(async () => {
  await h?.close();
  await fake?.close();
});

const setFeed = (pid: number, source: string, staleSeconds = "3") =>
  api(h, "POST", "/api/ops/product/feed", { pid: String(pid), source, staleSeconds }, ops);
const setTrading = (pid: number, enabled: boolean) =>
  api(h, "POST", "/api/ops/product/trading", { pid: String(pid), enabled: enabled ? "1" : "0" }, ops);
const detail = async (pid: number) => (await api(h, "GET", "/api/index/getprodata", { pid: String(pid) })).body;
const check = async () => (await api(h, "GET", "/api/user/goorder", { pid: String(btc) }, { token })).body.data;
const order = (fields: Record<string, string> = {}) => placeOrder(h, token, btc, fields);
const tickAt = async (pid: number, time: number) => {
  const result = await h.database.db.execute(`select price from ticks where product_id = ${pid} and time = ${time}` as never);
  const row = (result as unknown as { rows: Array<{ price: string | number }> }).rows[0];
  return row === undefined ? undefined : Number(row.price);
};

/** The exchange trades at `price`, 0.4 s into the test clock's second; resolves once the source has heard it. */
async function trade(price: string): Promise<void> {
  const before = binance.heard;
  fake.trade("btcusdt", price, h.clock.now * 1000 + 400);
  await until(() => binance.heard > before);
}

describe("a product fed by Binance", () => {
  it("only a halted product changes source, and only to a source this version knows", async () => {
    expect(fake.connections).toHaveLength(0);
    expect((await setFeed(btc, "binance:btcusdt")).body).toMatchObject({ err: "product_feed_busy" });
    expect((await setFeed(btc, "coinbase:btcusd")).body).toMatchObject({ err: "invalid_input" });
    expect(h.feed.products.get(btc)!.feedSource).toBe("simulated");
    expect((await setTrading(btc, false)).body.code).toBe(1);
    expect((await setFeed(btc, "binance:btcusdt")).body).toMatchObject({
      code: 1,
      data: { feedSource: "binance:btcusdt", feedStaleSeconds: 3 },
    });
    expect((await setTrading(btc, true)).body.code).toBe(1);
    // no order opens until every process has read the switch; meanwhile the exchange trades, and its first
    // prices, far from the simulated one after a silence, are taken once a few trades confirm them
    await h.advance(1);
    await until(() => fake.connected("btcusdt") === 1);
    for (let i = 0; i < SOURCE_SWITCH_SETTLE_SECONDS; i++) {
      await trade("70100.00");
      await h.advance(1);
    }
    expect(h.feed.quote(btc)).toEqual({ price: 7_010_000, time: h.clock.now });
  });

  it("records the trades heard: the quote, the tick, the candle, labelled Binance", async () => {
    await h.advance(1);
    await until(() => fake.connected("btcusdt") === 1);
    await trade("70123.456");
    await h.advance(1);
    expect(h.feed.quote(btc)).toEqual({ price: 7_012_346, time: h.clock.now });
    expect(await tickAt(btc, h.clock.now)).toBe(7_012_346);
    const shown = await detail(btc);
    expect(shown).toMatchObject({ feed: "live", data: { price: "70123.46", source: "Binance", simulated: false, stale: false } });
    const candles = (await api(h, "GET", "/api/index/getkdata", { pid: String(btc), period: "1m", limit: "1" })).body.data;
    expect(candles.at(-1)[4]).toBe("70123.46");
    const list = (await api(h, "GET", "/api/index/ajaxdata", {})).body;
    expect(list.feed).toBe("mixed");
    expect(list.data.find((p: { id: number }) => p.id === eur)).toMatchObject({ source: "simulated", simulated: true, stale: false });
  });

  it("settles an order from the recorded ticks of the source", async () => {
    const placed = await order();
    expect(placed.body).toMatchObject({ code: 1, data: { openPrice: "70123.46" } });
    const sent = new Map<number, string>();
    for (let second = 0; second < 31; second++) {
      const price = `${70_130 + second}.25`;
      sent.set(h.clock.now + 1, price);
      await trade(price);
      await h.advance(1);
    }
    const settled = (await api(h, "GET", "/api/user/get_this_order", { id: String(placed.body.data.id) }, { token })).body.data;
    expect(settled).toMatchObject({ status: "closed", result: "win", closePrice: sent.get(settled.closeTime) });
    expect(await tickAt(btc, settled.closeTime)).toBe(Math.round(Number(sent.get(settled.closeTime)) * 100));
  });

  it("ignores malformed messages and other symbols", async () => {
    const before = binance.heard;
    const at = Date.now();
    for (const text of [
      "not json",
      "{}",
      "[1,2]",
      JSON.stringify({ e: "trade", s: "ETHUSDT", p: "1.00" }),
      JSON.stringify({ e: "trade", s: "BTCUSDT", p: "abc" }),
      JSON.stringify({ e: "trade", s: "BTCUSDT", p: "-5.00" }),
      JSON.stringify({ e: "trade", s: "BTCUSDT", p: "0.00" }),
      JSON.stringify({ e: "kline", s: "BTCUSDT", p: "99999.00" }),
      JSON.stringify({ result: null, id: 1 }),
    ])
      fake.send("btcusdt", text);
    fake.trade("btcusdt", "70500.10", h.clock.now * 1000 + 400);
    await until(() => binance.heard > before);
    // everything was sent before the trade on the same connection, so it has all been read by now
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 30 - (Date.now() - at))));
    expect(binance.heard).toBe(before + 1);
    await h.advance(1);
    expect(h.feed.quote(btc)!.price).toBe(7_050_010);
  });

  it("reconnects after a drop with a doubling, capped wait that starts over once prices flow", async () => {
    binance.logs.length = 0;
    const before = fake.connections.length;
    fake.refuseNext(5);
    fake.dropAll();
    await until(() => fake.connected("btcusdt") === 0);
    await until(() => fake.connected("btcusdt") === 1);
    const attempts = fake.connections.slice(before);
    expect(attempts).toHaveLength(6);
    const waits = binance.logs.flatMap((line) => /retrying in (\d+) ms/.exec(line)?.[1] ?? []).map(Number);
    expect(waits).toEqual([20, 40, 80, 160, 200, 200]);
    // each attempt came no sooner than its wait after the previous one
    for (let i = 1; i < attempts.length; i++) expect(attempts[i]!.at - attempts[i - 1]!.at).toBeGreaterThanOrEqual(waits[i]! - 5);
    await trade("70600.00");
    binance.logs.length = 0;
    fake.dropAll();
    await until(() => fake.connected("btcusdt") === 0);
    await until(() => fake.connected("btcusdt") === 1);
    expect(binance.logs.flatMap((line) => /retrying in (\d+) ms/.exec(line)?.[1] ?? []).map(Number)).toEqual([20]);
    await trade("70600.00");
    await h.advance(1);
    expect(h.feed.quote(btc)).toEqual({ price: 7_060_000, time: h.clock.now });
  });

  it("goes stale when the source is silent past the limit: nothing recorded, orders refused; fresh again on the next trade", async () => {
    await trade("70700.00");
    await h.advance(1);
    const heardAt = h.clock.now;
    expect(h.feed.quote(btc)).toEqual({ price: 7_070_000, time: heardAt });
    await h.advance(1);
    // a second without a trade records nothing; the last trade, a second old, is still the market's price
    expect(await tickAt(btc, heardAt + 1)).toBeUndefined();
    expect(await check()).toEqual({ allowed: true });
    expect((await detail(btc)).data.stale).toBe(false);

    await h.advance(1);
    expect(await tickAt(btc, heardAt + 2)).toBeUndefined();
    expect(h.feed.quote(btc)!.time).toBe(heardAt);
    expect((await detail(btc)).data).toMatchObject({ stale: true, status: "open", source: "Binance" });
    const latest = (await api(h, "GET", "/api/index/ajaxpro", { pids: `${btc},${eur}` })).body.data;
    expect(latest).toMatchObject([
      { id: btc, stale: true },
      { id: eur, stale: false, source: "simulated", time: h.clock.now },
    ]);
    expect(await check()).toEqual({ allowed: false, reason: "quote_stale" });
    expect((await order()).body).toMatchObject({ err: "quote_stale", msg: "Quotes are delayed, try again in a moment" });
    const listed = (await api(h, "GET", "/api/ops/products", {}, ops)).body.data.find((p: { id: number }) => p.id === btc);
    expect(listed).toMatchObject({ feedSource: "binance:btcusdt", feedStaleSeconds: 3, stale: true });

    await trade("70711.11");
    await h.advance(1);
    expect((await detail(btc)).data).toMatchObject({ stale: false, price: "70711.11" });
    expect(await check()).toEqual({ allowed: true });
    expect((await order()).body).toMatchObject({ code: 1, data: { openPrice: "70711.11" } });
  });

  it("is followed only by the job leader: a follower disconnects and never connects", async () => {
    let leading = false;
    const jobs = await startJobs({
      db: h.database.db,
      feed: h.feed,
      now: h.ctx.now,
      log: () => {},
      leadership: { isLeader: () => leading, stop: async () => {} },
    });
    try {
      await until(() => fake.connected("btcusdt") === 0);
      const connections = fake.connections.length;
      // two follower rounds (each re-reads the feed) pass without a connection
      const version = h.feed.version;
      await until(() => h.feed.version >= version + 2);
      expect(fake.connections.length).toBe(connections);
      leading = true;
      await until(() => fake.connected("btcusdt") === 1);
    } finally {
      await jobs.stop();
    }
  });
});
