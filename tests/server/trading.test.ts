import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { PRODUCT_CATALOG } from "#server/market/catalog";

import { api, type Harness, loginDemo, OPS_TOKEN, placeOrder, productId, registerUser, rid, snapshot, startHarness } from "./harness";

let h: Harness;
let token: string;
let btc: number;
let eth: number;
let aapl: number;
beforeAll(async () => {
  h = await startHarness();
  token = await loginDemo(h);
  btc = productId(h.feed, "BTCUSDT");
  eth = productId(h.feed, "ETHUSDT");
  aapl = productId(h.feed, "AAPL");
});
afterAll(() => h.close());
beforeEach(async () => {
  await h.advance(1); // a fresh quote for every test
});

const order = (fields: Record<string, string>, who = token) => placeOrder(h, who, btc, fields);
const cash = async (who = token) => (await api(h, "GET", "/api/user/index", {}, { token: who })).body.data.cash as string;
const price = (pid: number) => h.feed.quote(pid)!.price;

describe("quotes", () => {
  it("lists products of every market with price, change and status, labelled simulated", async () => {
    const all = await api(h, "GET", "/api/index/ajaxdata");
    expect(all.body.feed).toBe("simulated");
    const markets = new Set(all.body.data.map((p: { market: string }) => p.market));
    expect([...markets].sort()).toEqual(["crypto", "forex", "futures", "metals", "stocks"]);
    for (const product of all.body.data) {
      expect(product).toMatchObject({ simulated: true });
      expect(product.price).toMatch(new RegExp(`^\\d+\\.\\d{${product.precision}}$`));
      expect(product.changePct).toMatch(/^-?\d+\.\d{2}$/);
    }
    const crypto = await api(h, "GET", "/api/index/ajaxdata", { market: "crypto" });
    expect(crypto.body.data.map((p: { code: string }) => p.code)).toEqual(
      PRODUCT_CATALOG.filter((p) => p.market === "crypto")
        .sort((a, b) => a.sortOrder - b.sortOrder)
        .map((p) => p.code),
    );
    expect((await api(h, "GET", "/api/index/ajaxdata", { market: "bonds" })).body.err).toBe("invalid_input");
  });

  it("gives each product's status from its trading hours", async () => {
    const all = (await api(h, "GET", "/api/index/ajaxdata")).body.data as Array<{ code: string; status: string }>;
    const status = (code: string) => all.find((p) => p.code === code)!.status;
    // Friday 08:00 UTC = 03:00 in New York
    expect(status("BTCUSDT")).toBe("open");
    expect(status("EURUSD")).toBe("open");
    expect(status("AAPL")).toBe("not_trading_time");
  });

  it("answers latest quotes for a list of products, skipping unknown ones", async () => {
    const answer = await api(h, "GET", "/api/index/ajaxpro", { pids: `${btc},${eth},999` });
    expect(answer.body.data.map((q: { id: number }) => q.id)).toEqual([btc, eth]);
    expect(answer.body.data[0]).toMatchObject({ status: "open", simulated: true, time: h.clock.now });
    expect((await api(h, "GET", "/api/index/ajaxpro", { pids: "1,x" })).status).toBe(400);
  });

  it("answers product detail with session open/high/low and previous close", async () => {
    const answer = await api(h, "GET", "/api/index/getprodata", { pid: String(btc) });
    expect(Object.keys(answer.body.data)).toEqual(
      expect.arrayContaining(["price", "open", "high", "low", "prevClose", "changePct", "status", "time", "simulated"]),
    );
    expect(Number(answer.body.data.high)).toBeGreaterThanOrEqual(Number(answer.body.data.low));
    expect((await api(h, "GET", "/api/index/getprodata", { pid: "999" })).body).toMatchObject({
      err: "product_not_found",
      msg: "Symbol not found",
    });
  });

  it("answers candles oldest first for every period, with the live candle following ticks", async () => {
    for (const period of ["1m", "5m", "15m", "30m", "1h", "1d"]) {
      const answer = await api(h, "GET", "/api/index/getkdata", { pid: String(btc), period, limit: "50" });
      const candles = answer.body.data as Array<[number, string, string, string, string]>;
      expect(candles.length, period).toBeGreaterThan(0);
      expect(candles.length).toBeLessThanOrEqual(50);
      for (let i = 1; i < candles.length; i++) expect(candles[i]![0]).toBeGreaterThan(candles[i - 1]![0]);
      for (const [, open, high, low, close] of candles) {
        expect(Number(high)).toBeGreaterThanOrEqual(Math.max(Number(open), Number(close)));
        expect(Number(low)).toBeLessThanOrEqual(Math.min(Number(open), Number(close)));
      }
    }
    const up = price(btc) + 12345;
    h.provider.queued.set(btc, [up]);
    await h.advance(1);
    const candles = (await api(h, "GET", "/api/index/getkdata", { pid: String(btc), period: "1m", limit: "1" })).body.data;
    expect(candles[0][4]).toBe((up / 100).toFixed(2));
    expect((await api(h, "GET", "/api/index/getkdata", { pid: String(btc), period: "2m" })).body.err).toBe("invalid_input");
  });

  it("gives the ticket: options with payout, limits, fee rate, and the balance only with a session", async () => {
    const anonymous = await api(h, "GET", "/api/index/goods", { pid: String(btc) });
    expect(anonymous.body.data).toMatchObject({
      feeRate: "0.01",
      balance: null,
      limits: { singleMin: "10.00", singleMax: "50000.00", totalMax: "100000.00" },
    });
    expect(anonymous.body.data.options[0]).toEqual({ seconds: 30, payoutRate: "0.8", minAmount: "10.00", maxAmount: "5000.00" });
    const mine = await api(h, "GET", "/api/index/goods", { pid: String(btc) }, { token });
    expect(mine.body.data.balance).toBe(await cash());
    const seconds = await api(h, "GET", "/api/index/seconds", { pid: String(btc) });
    expect(seconds.body.data.map((o: { seconds: number }) => o.seconds)).toEqual([30, 60, 180, 300]);
  });
});

describe("placing orders", () => {
  it("takes the open price from the feed and charges stake + fee with ledger rows", async () => {
    const before = Number(await cash());
    const answer = await order({ amount: "250.50", openPrice: "1" } as Record<string, string>);
    expect(answer.body.code).toBe(1);
    expect(answer.body.data).toMatchObject({ status: "holding", amount: "250.50", fee: "2.51", seconds: 30, payoutRate: "0.8" });
    expect(answer.body.data.openPrice).toBe((price(btc) / 100).toFixed(2));
    expect(answer.body.data.closeTime - answer.body.data.openTime).toBe(30);
    expect(Number(await cash())).toBeCloseTo(before - 253.01, 2);
    await h.advance(31);
  });

  const refusals: Array<[string, Record<string, string>, string, string]> = [
    ["under the option minimum", { seconds: "180", amount: "20" }, "amount_too_small", "Amount must be at least 50.00\u00a0U"],
    ["over the option maximum", { amount: "5000.01" }, "amount_too_large", "Amount can be at most 5,000.00\u00a0U"],
    ["an unknown settlement time", { seconds: "45" }, "invalid_input", "Settlement time is invalid"],
    ["an amount with three decimals", { amount: "10.001" }, "invalid_input", "Amount is invalid"],
    ["a negative amount", { amount: "-10" }, "invalid_input", "Amount is invalid"],
    ["a zero amount", { amount: "0" }, "amount_too_small", "Amount must be at least 0.01\u00a0U"],
    // past what any amount field takes: refused by the request schema with the bound it broke
    ["a thirteen-digit amount", { amount: "1000000000000" }, "amount_too_large", "Amount can be at most 999,999,999,999.99\u00a0U"],
    ["an unknown product", { pid: "999" }, "product_not_found", "Symbol not found"],
    ["a wrong direction", { direction: "sideways" }, "invalid_input", "Direction is invalid"],
  ];
  for (const [what, fields, err, msg] of refusals) {
    it(`refuses ${what} and changes nothing`, async () => {
      const before = await snapshot(h);
      const answer = await order(fields);
      expect(answer.body).toMatchObject({ code: 0, err, msg });
      expect(await snapshot(h)).toBe(before);
    });
  }

  it("applies the single and total position limits with their numbers in the message", async () => {
    await api(
      h,
      "POST",
      "/api/ops/product/limits",
      { pid: String(eth), feeRate: "0.01", singleMin: "20", singleMax: "300", totalMax: "500" },
      { "ops-token": OPS_TOKEN },
    );
    expect((await order({ pid: String(eth), amount: "15" })).body).toMatchObject({
      err: "single_min",
      msg: "Single holding minimum is 20.00\u00a0U",
    });
    expect((await order({ pid: String(eth), amount: "301" })).body).toMatchObject({
      err: "single_max",
      msg: "Single holding maximum is 300.00\u00a0U",
    });
    expect((await order({ pid: String(eth), amount: "300" })).body.code).toBe(1);
    const over = await order({ pid: String(eth), amount: "201" });
    expect(over.body).toMatchObject({ err: "holding_total_max", msg: "Holding maximum total amount is 500.00\u00a0U" });
    expect((await order({ pid: String(eth), amount: "200" })).body.code).toBe(1);
    await api(
      h,
      "POST",
      "/api/ops/product/limits",
      { pid: String(eth), feeRate: "0.01", singleMin: "10", singleMax: "50000", totalMax: "100000" },
      { "ops-token": OPS_TOKEN },
    );
    await h.advance(31);
  });

  it("refuses an order the balance cannot cover (stake + fee)", async () => {
    const { token: poor } = await registerUser(h, `poor${Date.now() % 100000}`);
    const answer = await order({ amount: "10" }, poor!);
    expect(answer.body).toMatchObject({ err: "balance_insufficient", msg: "Balance insufficient" });
    const check = await api(h, "GET", "/api/user/goorder", { pid: String(btc) }, { token: poor! });
    expect(check.body.data).toEqual({ allowed: false, reason: "balance_insufficient" });
  });

  it("refuses outside trading hours, on a halted product and on stale quotes", async () => {
    expect((await order({ pid: String(aapl) })).body).toMatchObject({ err: "not_trading_time", msg: "Not trading time" });
    await api(h, "POST", "/api/ops/product/trading", { pid: String(btc), enabled: "0" }, { "ops-token": OPS_TOKEN });
    expect((await order({})).body).toMatchObject({ err: "market_closed", msg: "The market is closed" });
    expect((await api(h, "GET", "/api/index/ajaxpro", { pids: String(btc) })).body.data[0].status).toBe("closed");
    await api(h, "POST", "/api/ops/product/trading", { pid: String(btc), enabled: "1" }, { "ops-token": OPS_TOKEN });
    // the clock moves but the feed records nothing: the last quote grows old
    h.clock.now += 6;
    expect((await order({})).body).toMatchObject({ err: "quote_stale" });
    expect((await api(h, "GET", "/api/user/goorder", { pid: String(btc) }, { token })).body.data).toEqual({
      allowed: false,
      reason: "quote_stale",
    });
    await h.advance(1);
    expect((await api(h, "GET", "/api/user/goorder", { pid: String(btc) }, { token })).body.data).toEqual({ allowed: true });
  });

  it("returns the same order for a retried requestId, charged once, also when the retries race", async () => {
    const before = Number(await cash());
    const id = rid();
    const answers = await Promise.all([1, 2, 3].map(() => order({ requestId: id, amount: "40" })));
    const ids = new Set(answers.map((a) => a.body.data.id));
    expect(ids.size).toBe(1);
    expect(Number(await cash())).toBeCloseTo(before - 40.4, 2);
    await h.advance(31);
  });

  it("refuses a reused requestId with other values as request_reused and never answers the first order", async () => {
    const id = rid();
    const first = await order({ requestId: id, amount: "40" });
    expect(first.body.code).toBe(1);
    const before = await snapshot(h);
    const others: Array<Record<string, string>> = [{ pid: String(eth) }, { direction: "down" }, { seconds: "60" }, { amount: "41" }];
    for (const other of others) {
      const reused = await order({ requestId: id, amount: "40", ...other });
      expect(reused.body, JSON.stringify(other)).toMatchObject({ code: 0, err: "request_reused" });
    }
    expect(await snapshot(h)).toBe(before);
    // the same values still get the first order
    expect((await order({ requestId: id, amount: "40" })).body.data.id).toBe(first.body.data.id);
    await h.advance(31);
  });

  it("never shows or settles another user's order", async () => {
    const mine = await order({});
    const { token: other } = await registerUser(h, `nosy${Date.now() % 100000}`);
    const peek = await api(h, "GET", "/api/user/get_this_order", { id: String(mine.body.data.id) }, { token: other! });
    expect(peek.body).toMatchObject({ err: "order_not_found" });
    expect((await api(h, "GET", "/api/user/ajaxorder_list", {}, { token: other! })).body.data).toEqual([]);
    await h.advance(31);
  });
});

describe("settlement", () => {
  // the orders the tests above left open settle first (their results wait up to a minute for the reveal)
  beforeAll(() => h.advance(125), 60_000);

  // [direction, price move at expiry, result, cash change after the stake of 100 and fee of 1]
  const cases: Array<[string, number, string, number]> = [
    ["up", +1, "win", +79],
    ["up", -1, "loss", -101],
    ["up", 0, "tie", -1],
    ["down", -1, "win", +79],
    ["down", +1, "loss", -101],
    ["down", 0, "tie", -1],
  ];
  for (const [direction, move, result, change] of cases) {
    it(`${direction} with the price ${move > 0 ? "up" : move < 0 ? "down" : "unchanged"} at expiry is a ${result}`, async () => {
      const before = Math.round(Number(await cash()) * 100);
      const opened = await order({ direction });
      const open = price(btc);
      // the price wanders before expiry; only the tick at openTime + 30 counts
      h.provider.queued.set(btc, [open - 500, open + 700, ...Array(27).fill(open + 3), open + move, open - 9999]);
      await h.advance(30);
      // the exit tick is recorded, but its minute's seed is not revealed yet: no result until then
      const expired = (await api(h, "GET", "/api/user/get_this_order", { id: String(opened.body.data.id) }, { token })).body.data;
      expect(expired).toMatchObject({ status: "holding", resultAt: opened.body.data.resultAt });
      expect(expired.resultAt).toBeGreaterThan(expired.closeTime);
      await h.advanceTo(opened.body.data.resultAt);
      const settled = (await api(h, "GET", "/api/user/get_this_order", { id: String(opened.body.data.id) }, { token })).body.data;
      expect(settled).toMatchObject({ status: "closed", result });
      expect(settled.closePrice).toBe(((open + move) / 100).toFixed(2));
      expect(Math.round(Number(await cash()) * 100) - before).toBe(change * 100);
      expect(settled.profit).toBe({ win: "80.00", loss: "-100.00", tie: "0.00" }[result]);
      await h.advance(1);
    });
  }

  it("lists holding orders and pages closed history newest first", async () => {
    const a = await order({});
    const b = await order({ seconds: "60" });
    const holding = (await api(h, "GET", "/api/user/ajaxorder_list", {}, { token })).body.data;
    expect(holding.map((o: { id: number }) => o.id)).toEqual([a.body.data.id, b.body.data.id]);
    await h.advanceTo(b.body.data.resultAt);
    const page1 = (await api(h, "GET", "/api/user/orderlist", { page: "1" }, { token })).body.data;
    expect(page1.items[0].id).toBe(b.body.data.id);
    expect(page1.items[1].id).toBe(a.body.data.id);
    expect(page1.pageSize).toBe(20);
    const pages = Math.ceil(page1.total / 20);
    const last = (await api(h, "GET", "/api/user/orderlist", { page: String(pages) }, { token })).body.data;
    expect(last.items.length).toBe(page1.total - (pages - 1) * 20);
    expect((await api(h, "GET", "/api/user/orderlist", { page: "0" }, { token })).body.err).toBe("invalid_input");
  });

  it("keeps every balance equal to its ledger after 1 000 random orders", async () => {
    const { token: trader } = await registerUser(h, `busy${Date.now() % 100000}`);
    await h.database.db.execute(`update users set cash = 100000000 where account like 'busy%'` as never);
    await h.database.db.execute(
      `insert into ledger (user_id, account, delta, reason) select id, 'cash', 100000000, 'test_grant' from users where account like 'busy%'` as never,
    );
    let placed = 0;
    for (let round = 0; placed < 1000; round++) {
      const batch = await Promise.all(
        Array.from({ length: 25 }, (_, i) =>
          order(
            {
              pid: String(i % 2 ? btc : eth),
              direction: Math.random() < 0.5 ? "up" : "down",
              seconds: Math.random() < 0.5 ? "30" : "60",
              amount: String(10 + Math.floor(Math.random() * 500)),
            },
            trader!,
          ),
        ),
      );
      placed += batch.filter((a) => a.body.code === 1).length;
      await h.advance(Math.random() < 0.5 ? 1 : 3);
    }
    // the last orders' exit (60 s) and its minute's reveal (up to a minute and the grace later)
    await h.advance(125);
    const drift = await h.database.db.execute(
      `select u.account, u.cash, coalesce(sum(l.delta) filter (where l.account = 'cash'), 0) as ledger
       from users u left join ledger l on l.user_id = u.id group by u.id having u.cash <> coalesce(sum(l.delta) filter (where l.account = 'cash'), 0)` as never,
    );
    expect((drift as unknown as { rows: unknown[] }).rows).toEqual([]);
    const open = await h.database.db.execute(`select count(*)::int as n from orders where status = 'holding'` as never);
    expect((open as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0);
  }, 120_000);
});
