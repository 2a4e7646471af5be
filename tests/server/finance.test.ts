import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { accrueInterest } from "#server/jobs/accrual";

import { api, type Harness, OPS_TOKEN, registerUser, rid, snapshot, startHarness } from "./harness";

const DAY = 86400;
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

let n = 0;
/** A user with 10 000 U of cash, put in the honest way: a recharge the operator approved. */
async function investor() {
  const { token } = await registerUser(h, `saver${Date.now() % 1_000_000}${n++}`, "login123", "fund1234");
  const user = (await api(h, "GET", "/api/user/index", {}, { token: token! })).body.data;
  await h.database.db.execute(`update users set cash = cash + 1000000 where id = ${user.id}` as never);
  await h.database.db.execute(
    `insert into ledger (user_id, account, delta, reason) values (${user.id}, 'cash', 1000000, 'test_grant')` as never,
  );
  return token!;
}
const plans = async (token: string) =>
  (await api(h, "GET", "/api/user/yeb", {}, { token })).body.data as Array<{
    id: number;
    days: number;
    dailyRate: string;
    minAmount: string;
  }>;
/** Joins a plan (its id, or "999" for one that does not exist) with the fund password unless another is given. */
const join = (token: string, planId: number | string, amount: string, payPassword = "fund1234") =>
  api(h, "POST", "/api/user/yebjoinnow", { requestId: rid(), planId: String(planId), amount, payPassword }, { token });
/** Adds `amount` to a running subscription, as the plan sheet does. */
const append = (token: string, id: number | string, amount: string) =>
  api(h, "POST", "/api/user/yebappend", { requestId: rid(), id: String(id), amount, payPassword: "fund1234" }, { token });
const info = async (token: string) => (await api(h, "GET", "/api/user/yuebaoinfo", {}, { token })).body.data;
const wallet = async (token: string) => (await api(h, "GET", "/api/user/wallet", {}, { token })).body.data;
const passDays = async (days: number) => {
  h.clock.now += days * DAY;
  await accrueInterest(h.database.db, h.clock.now);
};

describe("yuebao", () => {
  it("the user info carries the coin rate the wallet uses, so coin can be shown with its worth in U", async () => {
    const token = await investor();
    const user = (await api(h, "GET", "/api/user/index", {}, { token })).body.data;
    expect(user.coinRate).toBe((await wallet(token)).coinRate);
    expect(user.coinRate).toMatch(/^\d+\.\d{4}$/);
  });

  it("lists plans with daily rate, period and minimum", async () => {
    const token = await investor();
    expect(await plans(token)).toEqual([
      expect.objectContaining({ days: 7, dailyRate: "0.0008", minAmount: "100.00", status: "open" }),
      expect.objectContaining({ days: 30, dailyRate: "0.0012", minAmount: "500.00" }),
      expect.objectContaining({ days: 90, dailyRate: "0.0015", minAmount: "2000.00" }),
    ]);
  });

  it("joins with the fund password, earns simple daily interest exactly once per day, and matures back to cash", async () => {
    const token = await investor();
    const [seven] = await plans(token);
    const wrong = await join(token, seven!.id, "1000", "bad12345");
    expect(wrong.body.err).toBe("wrong_fund_password");
    const joined = await join(token, seven!.id, "1000");
    expect(joined.body).toMatchObject({ code: 1, data: { status: "earning", principal: "1000.00" } });
    expect(await wallet(token)).toMatchObject({ cash: "9000.00", yuebao: "1000.00" });
    const again = await join(token, seven!.id, "500");
    expect(again.body).toMatchObject({ err: "already_joined", msg: "No repeat investment in a plan already joined" });

    await passDays(1);
    await accrueInterest(h.database.db, h.clock.now); // a second run the same day adds nothing
    await Promise.all([accrueInterest(h.database.db, h.clock.now), accrueInterest(h.database.db, h.clock.now)]);
    let summary = await info(token);
    expect(summary.subscriptions[0]).toMatchObject({ profit: "0.80", status: "earning" });
    expect(summary.totalProfit).toBe("0.80");
    expect(summary.yesterdayProfit).toBe("0.80");
    // the process was down for three days: every missed day is credited once
    await passDays(3);
    summary = await info(token);
    expect(summary.subscriptions[0].profit).toBe("3.20");
    expect(summary.subscriptions[0].profitByDay).toEqual([
      [1, "0.80"],
      [2, "1.60"],
      [3, "2.40"],
      [4, "3.20"],
    ]);
    expect(summary.subscriptions[0].settledTime).toBeNull();
    await passDays(4);
    summary = await info(token);
    expect(summary.subscriptions[0]).toMatchObject({ status: "settled", profit: "5.60", settledTime: h.clock.now });
    expect(await wallet(token)).toMatchObject({ cash: "10005.60", yuebao: "0.00" });
  });

  it("a plan joined below its minimum is reserved, earns nothing, and starts earning once appended to the minimum", async () => {
    const token = await investor();
    const [, thirty] = await plans(token);
    const joined = await join(token, thirty!.id, "200");
    expect(joined.body.data).toMatchObject({ status: "to_be_added", startTime: null });
    const keep = await api(h, "POST", "/api/user/yebkeep", { requestId: rid(), id: String(joined.body.data.id) }, { token });
    expect(keep.body).toMatchObject({ err: "append_required", msg: "An appended amount is needed before income can be earned" });
    await passDays(2);
    expect((await info(token)).subscriptions[0].profit).toBe("0.00");
    const appended = await append(token, joined.body.data.id, "300");
    expect(appended.body).toMatchObject({ code: 1, msg: "Additional amount added" });
    expect(appended.body.data.subscriptions[0]).toMatchObject({ status: "earning", principal: "500.00" });
    await passDays(1);
    expect((await info(token)).subscriptions[0].profit).toBe("0.60");
  });

  it("append raises the principal for the days after it; stop settles now with every cent earned", async () => {
    const token = await investor();
    const [seven] = await plans(token);
    const joined = (await join(token, seven!.id, "1000")).body.data;
    await passDays(1); // 0.80
    await append(token, joined.id, "1500");
    await passDays(1); // 2500 × 0.0008 = 2.00
    expect((await info(token)).subscriptions[0].settledTime).toBeNull();
    h.clock.now += 3600;
    const stop = await api(h, "POST", "/api/user/yebstop", { requestId: rid(), id: String(joined.id), payPassword: "fund1234" }, { token });
    expect(stop.body.msg).toBe("Settled: principal and profit returned to cash");
    expect(stop.body.data.subscriptions[0]).toMatchObject({ status: "settled", profit: "2.80", settledTime: h.clock.now });
    expect(await wallet(token)).toMatchObject({ cash: "10002.80", yuebao: "0.00" });
    const twice = await api(
      h,
      "POST",
      "/api/user/yebstop",
      { requestId: rid(), id: String(joined.id), payPassword: "fund1234" },
      { token },
    );
    expect(twice.body.err).toBe("subscription_closed");
  });

  it("stop asks for the fund password: without it or with a wrong one nothing changes; the right one settles", async () => {
    const token = await investor();
    const [seven] = await plans(token);
    const joined = (await join(token, seven!.id, "1000")).body.data;
    const id = String(joined.id);
    const before = await snapshot(h);
    const missing = await api(h, "POST", "/api/user/yebstop", { requestId: rid(), id }, { token });
    expect(missing.body).toMatchObject({ code: 0, err: "field_required" });
    const wrong = await api(h, "POST", "/api/user/yebstop", { requestId: rid(), id, payPassword: "wrong999" }, { token });
    expect(wrong.body).toMatchObject({ code: 0, err: "wrong_fund_password" });
    expect(await snapshot(h)).toEqual(before);
    expect((await info(token)).subscriptions[0]).toMatchObject({ status: "earning", principal: "1000.00" });
    expect(await wallet(token)).toMatchObject({ cash: "9000.00", yuebao: "1000.00" });

    const stop = await api(h, "POST", "/api/user/yebstop", { requestId: rid(), id, payPassword: "fund1234" }, { token });
    expect(stop.body.code).toBe(1);
    expect(stop.body.data.subscriptions[0]).toMatchObject({ status: "settled" });
    expect(await wallet(token)).toMatchObject({ cash: "10000.00", yuebao: "0.00" });
  });

  it("keep renews at maturity: the profit is paid out and the principal starts a new term", async () => {
    const token = await investor();
    const [seven] = await plans(token);
    const joined = (await join(token, seven!.id, "1000")).body.data;
    expect((await api(h, "POST", "/api/user/yebkeep", { requestId: rid(), id: String(joined.id) }, { token })).body.msg).toBe(
      "This plan will renew at maturity",
    );
    await passDays(7);
    const summary = await info(token);
    expect(summary.subscriptions[0]).toMatchObject({ status: "earning", profit: "0.00", renew: true });
    expect(await wallet(token)).toMatchObject({ cash: "9005.60", yuebao: "1000.00" });
  });

  it("never shows or changes another user's subscription, and bad input changes nothing", async () => {
    const owner = await investor();
    const other = await investor();
    const [seven] = await plans(owner);
    const joined = (await join(owner, seven!.id, "100")).body.data;
    const before = await snapshot(h);
    for (const [path, fields] of [
      ["/api/user/yebstop", { id: String(joined.id), payPassword: "fund1234" }],
      ["/api/user/yebappend", { id: String(joined.id), amount: "10", payPassword: "fund1234" }],
      ["/api/user/yebkeep", { id: String(joined.id) }],
    ] as const) {
      expect((await api(h, "POST", path, { ...fields, requestId: rid() }, { token: other })).body.err).toBe("subscription_not_found");
    }
    expect((await append(owner, joined.id, "-5")).body.err).toBe("invalid_input");
    expect((await join(owner, "999", "100")).body.err).toBe("plan_not_found");
    expect((await append(owner, joined.id, "99999999")).body.err).toBe("balance_insufficient");
    expect(await snapshot(h)).toBe(before);
    expect((await info(other)).subscriptions).toEqual([]);
  });

  it("leaves no drift between balances and the ledger", async () => {
    const result = await api(h, "GET", "/api/ops/reconcile", {}, { "ops-token": OPS_TOKEN });
    expect(result.body.data).toMatchObject({ ok: true, drift: [] });
  });
});
