import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { endpoints } from "#contract/endpoints";

import { api, type Harness, loginDemo, OPS_TOKEN, placeOrder, productId, registerUser, rid, startHarness } from "./harness";
import { fundedUser } from "./security/funded-user";
import { staff } from "./staff";

/**
 * The practice account attacked where money moves: practice orders and resets must never touch real money, a
 * reset happens once per requestId, the practice balance bounds practice orders and real orders cannot spend
 * it, both books reconcile on their own, and the operators' exposure and dashboard never see practice stakes.
 */
let h: Harness;
let token: string;
let btc: number;
const ops = { "ops-token": OPS_TOKEN };
const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The demo customer's real money to the cent: every real balance and every real ledger line. */
async function realMoney(account = "demo") {
  const [balances] = rows<Record<string, string>>(
    await h.database.db.execute(sql`select cash, coin, frozen, yuebao from users where account = ${account}`),
  );
  const ledger = rows<Record<string, string>>(
    await h.database.db.execute(
      sql`select l.id, l.account, l.delta, l.reason from ledger l join users u on u.id = l.user_id
          where u.account = ${account} and l.account <> 'practice' order by l.id`,
    ),
  );
  return JSON.stringify({ balances, ledger });
}

const practiceLedger = async (account: string) =>
  rows<{ delta: string; reason: string }>(
    await h.database.db.execute(
      sql`select l.delta, l.reason from ledger l join users u on u.id = l.user_id
          where u.account = ${account} and l.account = 'practice' order by l.id`,
    ),
  ).map((row) => [row.reason, Number(row.delta)]);

const wallet = async (session = token) => (await api(h, endpoints.wallet, {}, { token: session })).body.data;
const reconcile = async () => (await api(h, "GET", "/api/ops/reconcile", {}, ops)).body.data;

beforeAll(async () => {
  h = await startHarness();
  token = await loginDemo(h);
  btc = productId(h.feed, "BTCUSDT");
  // room for fifty open orders on one product: the limit tested here is the balance, not the open stake
  await h.database.db.execute(sql`update products set total_max = 100000000 where id = ${btc}`);
  // the first second is not yet covered by a commitment
  await h.advance(1);
});
afterAll(() => h.close());

describe("practice orders", () => {
  it("a customer's practice balance shows 10 000.00 before its first use and opens with one ledger line", async () => {
    const fresh = (await registerUser(h, "practice01")).token!;
    expect(await wallet(fresh)).toMatchObject({ cash: "0.00", practice: "10000.00", recharged: false });
    expect(await practiceLedger("practice01")).toEqual([]);
    const placed = await placeOrder(h, fresh, btc, { account: "practice", amount: "100" });
    expect(placed.body).toMatchObject({ code: 1, data: { account: "practice", amount: "100.00" } });
    expect(await practiceLedger("practice01")).toEqual([
      ["practice_start", 1_000_000],
      ["order_stake", -10_000],
      ["order_fee", -100],
    ]);
    expect(await wallet(fresh)).toMatchObject({ cash: "0.00", practice: "9899.00" });
    // a customer without cash still cannot place a real order
    expect((await placeOrder(h, fresh, btc, { amount: "100" })).body).toMatchObject({ code: 0, err: "balance_insufficient" });
  });

  it("fifty concurrent practice orders never touch cash, and settle onto the practice balance", async () => {
    // money an operator put there (the demo's seeded cash) counts as funded: the app opens on real for them
    expect((await wallet()).recharged).toBe(true);
    const before = await realMoney();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        placeOrder(h, token, btc, { account: "practice", amount: "100", direction: i % 2 ? "up" : "down" }),
      ),
    );
    expect(answers.map((answer) => answer.body.code)).toEqual(Array(50).fill(1));
    expect(await realMoney()).toBe(before);
    expect((await wallet()).practice).toBe("4950.00");
    const holding = (await api(h, endpoints.holdingOrders, { account: "practice" }, { token })).body.data;
    expect(holding).toHaveLength(50);
    // the real list, as every caller before practice asked it, holds none of them
    expect((await api(h, endpoints.holdingOrders, {}, { token })).body.data).toEqual([]);
    // settled once their exit minute's seed is revealed
    await h.advanceTo(Math.max(...holding.map((order) => order.resultAt ?? 0)));
    expect(await realMoney()).toBe(before);
    const history = (await api(h, endpoints.orderHistory, { page: "1", account: "practice" }, { token })).body.data;
    expect(history.total).toBe(50);
    const [{ paid }] = rows<{ paid: string }>(
      await h.database.db.execute(
        sql`select coalesce(sum(o.payout), 0) as paid from orders o join users u on u.id = o.user_id
            where u.account = 'demo' and o.account = 'practice'`,
      ),
    ) as [{ paid: string }];
    expect(Math.round(Number((await wallet()).practice) * 100)).toBe(495_000 + Number(paid));
    expect((await api(h, endpoints.orderHistory, { page: "1" }, { token })).body.data.items).not.toContainEqual(
      expect.objectContaining({ account: "practice" }),
    );
    expect(await reconcile()).toMatchObject({ ok: true, drift: [] });
  });

  it("a practice order above the practice balance is refused and changes nothing", async () => {
    await api(h, endpoints.practiceReset, { requestId: rid() }, { token });
    const before = await realMoney();
    // the largest stake the 30 s option takes, until what is left does not cover it with its fee
    const options = (await api(h, endpoints.seconds, { pid: String(btc) }, { token })).body.data;
    const max = options.find((option: { seconds: number }) => option.seconds === 30)!.maxAmount as string;
    for (;;) {
      const left = Number((await wallet()).practice);
      if (left < Number(max) * 1.01) break;
      expect((await placeOrder(h, token, btc, { account: "practice", amount: max })).body.code).toBe(1);
    }
    const practiceBefore = (await wallet()).practice;
    const refused = await placeOrder(h, token, btc, { account: "practice", amount: max });
    expect(refused.body).toMatchObject({ code: 0, err: "balance_insufficient" });
    expect((await wallet()).practice).toBe(practiceBefore);
    expect(await realMoney()).toBe(before);
  });

  it("a real order cannot spend practice money", async () => {
    const fresh = (await registerUser(h, "practice02")).token!;
    await api(h, endpoints.practiceReset, { requestId: rid() }, { token: fresh });
    expect((await wallet(fresh)).practice).toBe("10000.00");
    const refused = await placeOrder(h, fresh, btc, { amount: "100" });
    expect(refused.body).toMatchObject({ code: 0, err: "balance_insufficient" });
    expect((await wallet(fresh)).practice).toBe("10000.00");
    expect(await practiceLedger("practice02")).toEqual([["practice_start", 1_000_000]]);
  });

  it("an unknown account is refused", async () => {
    const refused = await placeOrder(h, token, btc, { account: "bonus" });
    expect(refused.body).toMatchObject({ code: 0, err: "invalid_input" });
  });
});

describe("practice reset", () => {
  it("is once per requestId even when the duplicates race, and writes one line for the difference", async () => {
    await placeOrder(h, token, btc, { account: "practice", amount: "300" });
    const before = await realMoney();
    const practiceBefore = Math.round(Number((await wallet()).practice) * 100);
    const linesBefore = (await practiceLedger("demo")).length;
    const requestId = rid();
    const answers = await Promise.all(Array.from({ length: 8 }, () => api(h, endpoints.practiceReset, { requestId }, { token })));
    expect(answers.map((answer) => answer.body)).toEqual(
      Array(8).fill(expect.objectContaining({ code: 1, data: { practice: "10000.00" } })),
    );
    const lines = await practiceLedger("demo");
    expect(lines.slice(linesBefore)).toEqual([["practice_reset", 1_000_000 - practiceBefore]]);
    // the line names its request, so the books alone show each request reset at most once
    const [line] = rows<{ reference: string }>(
      await h.database.db.execute(sql`select reference from ledger where reason = 'practice_reset' order by id desc limit 1`),
    );
    expect(line?.reference).toBe(`practice_reset:${requestId}`);
    expect((await wallet()).practice).toBe("10000.00");
    expect(await realMoney()).toBe(before);
    // a reset at 10 000.00 writes no line
    await api(h, endpoints.practiceReset, { requestId: rid() }, { token });
    expect(await practiceLedger("demo")).toHaveLength(lines.length);
    expect((await api(h, endpoints.practiceReset, {}, { token })).body).toMatchObject({ code: 0, err: "invalid_input" });
  });
});

describe("the customer's own limits", () => {
  it("count no practice order, but a timeout stops practice orders too", async () => {
    const { token: customer } = await fundedUser(h, "practice03", "5000");
    const setLimits = (fields: Record<string, string>) => api(h, endpoints.setLimits, { requestId: rid(), ...fields }, { token: customer });
    expect((await setLimits({ maxTurnover1d: "150", maxOpenPositions: "1" })).body.code).toBe(1);
    // practice orders pass every money limit, and use none of it up
    for (let i = 0; i < 3; i++)
      expect((await placeOrder(h, customer, btc, { account: "practice", amount: "500" })).body).toMatchObject({ code: 1 });
    expect((await placeOrder(h, customer, btc, { amount: "100" })).body).toMatchObject({ code: 1, data: { account: "real" } });
    expect((await placeOrder(h, customer, btc, { amount: "100" })).body).toMatchObject({ code: 0, err: "limit_reached" });
    expect((await setLimits({ timeoutUntil: String(h.clock.now + 2 * 86_400) })).body.code).toBe(1);
    expect((await placeOrder(h, customer, btc, { account: "practice", amount: "100" })).body).toMatchObject({
      code: 0,
      err: "self_excluded",
    });
  });
});

describe("the operators' figures", () => {
  it("leave practice orders out of exposure and the dashboard, and reconcile practice on its own", async () => {
    await h.advance(60);
    const exposureBefore = (await api(h, "GET", "/api/ops/risk", {}, ops)).body.data.exposure;
    const dashboardBefore = (await api(h, "GET", "/api/ops/dashboard", {}, ops)).body.data.today;
    for (let i = 0; i < 3; i++) expect((await placeOrder(h, token, btc, { account: "practice", amount: "500" })).body.code).toBe(1);
    expect((await api(h, "GET", "/api/ops/risk", {}, ops)).body.data.exposure).toEqual(exposureBefore);
    expect((await api(h, "GET", "/api/ops/dashboard", {}, ops)).body.data.today).toEqual(dashboardBefore);
    // the customer's page and the support desk list them marked as practice, so their stake is not read as cash
    const [demo] = rows<{ id: number }>(await h.database.db.execute(sql`select id from users where account = 'demo'`));
    const detail = (await api(h, "GET", "/api/ops/user/detail", { id: String(demo!.id) }, await staff(h))).body.data;
    expect(detail.orders.slice(0, 3)).toEqual(Array(3).fill(expect.objectContaining({ account: "practice", amount: "500.00" })));
    const report = (await api(h, "GET", "/api/ops/reconcile/report", { page: "1" }, ops)).body.data;
    expect(report.ok).toBe(true);
    expect(Object.keys(report.totals)).toContain("practice");
    // a drift in the practice books is found, and named as practice
    await h.database.db.execute(sql`update users set practice = practice + 1 where account = 'demo'`);
    expect((await reconcile()).drift).toEqual([expect.objectContaining({ account: "demo:practice" })]);
    await h.database.db.execute(sql`update users set practice = practice - 1 where account = 'demo'`);
    expect(await reconcile()).toMatchObject({ ok: true });
  });
});

describe("a void practice order", () => {
  it("is refunded to the practice balance, never to cash", async () => {
    // a product no other test here has orders open on: the switch voids this one order
    const eth = productId(h.feed, "ETHUSDT");
    await h.advance(1);
    await api(h, endpoints.practiceReset, { requestId: rid() }, { token });
    const before = await realMoney();
    const placed = await placeOrder(h, token, eth, { account: "practice", amount: "200" });
    expect(placed.body.code).toBe(1);
    expect((await wallet()).practice).toBe("9798.00");
    const opsPost = async (path: string, fields: Record<string, string>) => api(h, "POST", path, fields, await staff(h));
    expect((await opsPost("/api/ops/product/trading", { pid: String(eth), enabled: "0" })).body.code).toBe(1);
    const switched = await opsPost("/api/ops/product/feed", { pid: String(eth), source: "binance:btcusdt", staleSeconds: "10" });
    expect(switched.body).toMatchObject({ code: 1, data: { voided: 1 } });
    expect((await wallet()).practice).toBe("10000.00");
    expect(await realMoney()).toBe(before);
    expect((await api(h, endpoints.order, { id: String(placed.body.data.id) }, { token })).body.data).toMatchObject({
      status: "void",
      account: "practice",
    });
    expect(await reconcile()).toMatchObject({ ok: true });
    expect((await opsPost("/api/ops/product/feed", { pid: String(eth), source: "simulated", staleSeconds: "10" })).body.code).toBe(1);
    expect((await opsPost("/api/ops/product/trading", { pid: String(eth), enabled: "1" })).body.code).toBe(1);
  });
});
