import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { users } from "#server/db/schema";
import { PriceFeed } from "#server/market/feed";
import { AppError } from "#server/modules/errors";
import { placeOrder as placeThrough, SOURCE_SWITCH_SETTLE_SECONDS } from "#server/modules/trading/service";

import { api, type Harness, loginDemo, OPS_TOKEN, placeOrder, productId, rid, startHarness } from "./harness";
import { sessionFor } from "./place-order-fixtures";
import { setMoneyRulesByTwo, staff } from "./staff";

// The order attacks on PGlite: what an order is checked against when it is written (the product, its source,
// the stored option and the payout cap, the newest committed tick, the open stake of that product only), and
// what a price-source switch does to the orders it would otherwise decide.
let h: Harness;
let token: string;
const ops = { "ops-token": OPS_TOKEN };
const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

beforeAll(async () => {
  h = await startHarness();
  token = await loginDemo(h);
});
afterAll(() => h?.close());

const opsPost = async (path: string, fields: Record<string, string>) => api(h, "POST", path, fields, await staff(h));
const setTrading = (pid: number, enabled: boolean) =>
  opsPost("/api/ops/product/trading", { pid: String(pid), enabled: enabled ? "1" : "0" });
const setFeed = (pid: number, source: string) => opsPost("/api/ops/product/feed", { pid: String(pid), source, staleSeconds: "10" });
const setOptions = (pid: number, options: string) => opsPost("/api/ops/product/options", { pid: String(pid), options });
const demoCash = async () =>
  Number(rows<{ cash: string }>(await h.database.db.execute(sql`select cash from users where account = 'demo'`))[0]!.cash);
const demoUser = async () => (await h.database.db.select().from(users).where(eq(users.account, "demo")))[0]!;
const reconcile = async () => (await api(h, "GET", "/api/ops/reconcile", {}, ops)).body.data;

/**
 * Another server process on the same database: its own memory of the products and the quotes, read once and
 * then only when it reloads, as a follower's is between its rounds.
 */
async function otherProcess(): Promise<PriceFeed> {
  const feed = new PriceFeed({
    db: h.database.db,
    provider: h.provider,
    now: h.ctx.now,
    log: () => {},
    retentionSeconds: 6 * 3600,
    backfillMinuteDays: 0,
  });
  await feed.follow();
  return feed;
}
const placeOn = async (feed: PriceFeed, pid: number, fields: { price?: string } = {}) =>
  placeThrough({ ...h.ctx, feed }, await sessionFor(h.database.db, (await demoUser()).id, h.clock.now), {
    pid,
    direction: "up",
    seconds: 30,
    amount: 10000,
    price: fields.price,
    requestId: rid("other"),
  }).catch((error: unknown) => error);

describe("a price-source switch", () => {
  it("voids an order left open across it and refunds stake and fee once; settlement leaves it alone", async () => {
    const btc = productId(h.feed, "BTCUSDT");
    await h.advance(1);
    const before = await demoCash();
    const placed = await placeOrder(h, token, btc, { amount: "200" });
    expect(placed.body).toMatchObject({ code: 1, data: { status: "holding", fee: "2.00" } });
    expect(await demoCash()).toBe(before - 202_00);

    expect((await setTrading(btc, false)).body.code).toBe(1);
    const switched = await setFeed(btc, "binance:btcusdt");
    expect(switched.body).toMatchObject({ code: 1, data: { feedSource: "binance:btcusdt", voided: 1 } });
    expect(await demoCash()).toBe(before);

    const id = String(placed.body.data.id);
    const shown = (await api(h, "GET", "/api/user/get_this_order", { id }, { token })).body.data;
    expect(shown).toMatchObject({ status: "void", voidReason: "source_switch", result: null, payout: null, settledAt: h.clock.now });
    // past its expiry and the settlement grace: still void, never settled, refunded once
    await h.advance(45);
    expect((await api(h, "GET", "/api/user/get_this_order", { id }, { token })).body.data).toMatchObject({ status: "void" });
    const ledger = rows<{ reason: string; delta: string }>(
      await h.database.db.execute(sql`select reason, delta from ledger where reference = ${`order:${id}`} order by id`),
    );
    expect(ledger.map((row) => [row.reason, Number(row.delta)])).toEqual([
      ["order_stake", -200_00],
      ["order_fee", -2_00],
      ["order_void", 202_00],
    ]);
    // switching back voids nothing more (the order is no longer holding)
    expect((await setFeed(btc, "simulated")).body).toMatchObject({ code: 1, data: { voided: 0 } });
    expect(await demoCash()).toBe(before);
    // the history lists it with the settled orders; the holding list does not
    const history = (await api(h, "GET", "/api/user/orderlist", { page: "1" }, { token })).body.data;
    expect(history.items.find((item: { id: number }) => item.id === placed.body.data.id)).toMatchObject({ status: "void" });
    expect((await api(h, "GET", "/api/user/orderlist", { page: "1", result: "win" }, { token })).body.data.items).not.toContainEqual(
      expect.objectContaining({ id: placed.body.data.id }),
    );
    expect(await reconcile()).toMatchObject({ ok: true, drift: [] });
    expect((await setTrading(btc, true)).body.code).toBe(1);
  });

  it("a process that still holds the product as open and simulated cannot open orders after the close or the switch", async () => {
    const eth = productId(h.feed, "ETHUSDT");
    await h.advance(1);
    const stale = await otherProcess();
    const staleAgain = await otherProcess();
    // the operator closes the product through this process; the other one has not re-read the products
    expect((await setTrading(eth, false)).body.code).toBe(1);
    expect(stale.products.get(eth)!.tradingEnabled).toBe(true);
    const refused = await placeOn(stale, eth);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).key).toBe("market_closed");
    // the refusal made it read the products again
    expect(stale.products.get(eth)!.tradingEnabled).toBe(false);

    // switched and opened again: a process still priced from the old source is refused and reloads
    expect((await setFeed(eth, "binance:ethusdt")).body.code).toBe(1);
    expect((await setTrading(eth, true)).body.code).toBe(1);
    await h.advance(SOURCE_SWITCH_SETTLE_SECONDS + 1);
    expect(staleAgain.products.get(eth)!.feedSource).toBe("simulated");
    // and it still hears simulated prices, as from a recorder that has not re-read the products either
    staleAgain.receive([{ productId: eth, time: h.clock.now, price: staleAgain.quote(eth)!.price }]);
    const cash = await demoCash();
    const again = await placeOn(staleAgain, eth);
    expect(again).toBeInstanceOf(AppError);
    expect((again as AppError).key).toBe("quote_stale");
    expect(staleAgain.products.get(eth)!.feedSource).toBe("binance:ethusdt");
    const open = rows<{ n: string }>(
      await h.database.db.execute(sql`select count(*) as n from orders where product_id = ${eth} and status = 'holding'`),
    );
    expect(Number(open[0]!.n)).toBe(0);
    expect(await demoCash()).toBe(cash);
    // back to simulated for the tests below
    expect((await setTrading(eth, false)).body.code).toBe(1);
    expect((await setFeed(eth, "simulated")).body.code).toBe(1);
    expect((await setTrading(eth, true)).body.code).toBe(1);
  });

  it("right after a switch, even the process that made it opens no order until every process has read it", async () => {
    const xag = productId(h.feed, "XAGUSD");
    await h.advance(1);
    expect((await setTrading(xag, false)).body.code).toBe(1);
    expect((await setFeed(xag, "binance:xagusdt")).body.code).toBe(1);
    expect((await setFeed(xag, "simulated")).body.code).toBe(1);
    expect((await setTrading(xag, true)).body.code).toBe(1);
    await h.advance(1);
    expect((await placeOrder(h, token, xag)).body).toMatchObject({ err: "quote_stale" });
    await h.advance(SOURCE_SWITCH_SETTLE_SECONDS);
    expect((await placeOrder(h, token, xag)).body).toMatchObject({ code: 1 });
  });
});

describe("the order opens at the newest committed tick", () => {
  it("a process whose quote is a second behind opens at the tick the recorder committed since", async () => {
    const eur = productId(h.feed, "EURUSD");
    await h.advance(1);
    const follower = await otherProcess();
    const heard = follower.quote(eur)!;
    h.provider.queued.set(eur, [heard.price + 37]);
    await h.advance(1);
    expect(follower.quote(eur)).toEqual(heard);
    const placed = await placeOn(follower, eur);
    expect(placed).toMatchObject({ openPrice: expect.any(String), status: "holding" });
    const [row] = rows<{ open_price: string; open_tick_time: string }>(
      await h.database.db.execute(sql`select open_price, open_tick_time from orders where id = ${(placed as { id: number }).id}`),
    );
    expect({ price: Number(row!.open_price), time: Number(row!.open_tick_time) }).toEqual({ price: heard.price + 37, time: h.clock.now });
  });

  it("compares the price the customer saw with that tick", async () => {
    const eur = productId(h.feed, "EURUSD");
    await h.advance(1);
    const follower = await otherProcess();
    const heard = follower.quote(eur)!;
    // a jump of 1 % (the tolerance is 0.1 %) committed after the follower last heard
    h.provider.queued.set(eur, [Math.round(heard.price * 1.01)]);
    await h.advance(1);
    const shown = (heard.price / 100_000).toFixed(5);
    const refused = await placeOn(follower, eur, { price: shown });
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ key: "price_moved", values: { price: (Math.round(heard.price * 1.01) / 100_000).toFixed(5) } });
  });
});

describe("payout rates", () => {
  it("refuses a rate of 1 or more, and one above the operator's cap, naming the field", async () => {
    const gbp = productId(h.feed, "GBPUSD");
    for (const rate of ["1", "1.5", "1.9999", "0.9501"]) {
      const answer = await setOptions(gbp, `60:${rate}:10:5000`);
      expect(answer.body).toMatchObject({
        err: "payout_rate_cap",
        msg: "Settlement options: a payout rate must be below 1 and at most 0.95",
      });
    }
    expect((await setOptions(gbp, "30:0.8:10:5000,60:0.95:10:5000")).body.code).toBe(1);
    // the database itself refuses a rate of 1
    await expect(h.database.db.execute(sql`update seconds_options set payout_bps = 10000 where product_id = ${gbp}`)).rejects.toThrow();
    // nor can the cap itself reach 1
    expect((await opsPost("/api/ops/money-rules", { payoutCap: "1" })).body).toMatchObject({
      err: "invalid_input",
      msg: "Payout rate cap is invalid",
    });
  });

  it("refuses an order on an option saved above the cap the operator lowered since", async () => {
    const gbp = productId(h.feed, "GBPUSD");
    await h.advance(1);
    expect((await opsPost("/api/ops/money-rules", { payoutCap: "0.9" })).body).toMatchObject({ code: 1, data: { payoutCap: "0.9" } });
    const cash = await demoCash();
    expect((await placeOrder(h, token, gbp, { seconds: "60" })).body).toMatchObject({
      err: "invalid_input",
      msg: "Settlement time is invalid",
    });
    expect(await demoCash()).toBe(cash);
    // an option within the new cap still trades
    expect((await placeOrder(h, token, gbp, { seconds: "30" })).body).toMatchObject({ code: 1, data: { payoutRate: "0.8" } });
    // raising the cap again loosens it: it applies once a second admin approves
    expect((await setMoneyRulesByTwo(h, { payoutCap: "0.95" })).body.code).toBe(1);
    expect((await placeOrder(h, token, gbp, { seconds: "60" })).body).toMatchObject({ code: 1, data: { payoutRate: "0.95" } });
  });
});

describe("open stake limits", () => {
  it("count only the product's own holding orders", async () => {
    const btc = productId(h.feed, "BTCUSDT");
    const xau = productId(h.feed, "XAUUSD");
    await h.advance(1);
    expect(
      (await opsPost("/api/ops/product/limits", { pid: String(xau), feeRate: "0.01", singleMin: "10", singleMax: "100", totalMax: "100" }))
        .body.code,
    ).toBe(1);
    expect((await placeOrder(h, token, btc, { amount: "500" })).body.code).toBe(1);
    expect((await placeOrder(h, token, xau, { amount: "10" })).body).toMatchObject({ code: 1 });
    expect((await placeOrder(h, token, xau, { amount: "90" })).body).toMatchObject({ code: 1 });
    expect((await placeOrder(h, token, xau, { amount: "10" })).body).toMatchObject({ err: "holding_total_max" });
  });
});

describe("settlement options", () => {
  it("are at least 30 seconds", async () => {
    const jpy = productId(h.feed, "USDJPY");
    for (const seconds of ["5", "29"]) {
      expect((await setOptions(jpy, `${seconds}:0.8:10:5000`)).body).toMatchObject({
        err: "option_seconds_min",
        msg: "Settlement time must be at least 30 seconds",
      });
    }
    expect((await setOptions(jpy, "30:0.8:10:5000,60:0.85:10:5000")).body.code).toBe(1);
  });
});
