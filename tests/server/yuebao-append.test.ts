import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { accrueInterest } from "#server/jobs/accrual";

import { api, type Harness, OPS_TOKEN, registerUser, rid, startHarness } from "./harness";

const DAY = 86400;
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

/** A user with 1 002 000 U of cash, booked with its ledger row. */
async function richSaver() {
  const { token } = await registerUser(h, `rich${Date.now() % 1_000_000}`, "login123", "fund1234");
  const user = (await api(h, "GET", "/api/user/index", {}, { token: token! })).body.data;
  await h.database.db.execute(`update users set cash = cash + 100200000 where id = ${user.id}` as never);
  await h.database.db.execute(
    `insert into ledger (user_id, account, delta, reason) values (${user.id}, 'cash', 100200000, 'test_grant')` as never,
  );
  return token!;
}
const info = async (token: string) => (await api(h, "GET", "/api/user/yuebaoinfo", {}, { token })).body.data;

describe("yuebao: money appended late in a day", () => {
  it("appended at 23:59 platform time earns nothing for that day, and the whole principal earns from the next", async () => {
    // the platform's calendar is UTC by default: start at the next UTC midnight
    h.clock.now = Math.ceil(h.clock.now / DAY) * DAY;
    const token = await richSaver();
    const plans = (await api(h, "GET", "/api/user/yeb", {}, { token })).body.data as Array<{ id: number; days: number }>;
    const seven = plans.find((plan) => plan.days === 7)!;
    const joined = await api(
      h,
      "POST",
      "/api/user/yebjoinnow",
      { requestId: rid(), planId: String(seven.id), amount: "1000", payPassword: "fund1234" },
      { token },
    );
    expect(joined.body).toMatchObject({ code: 1, data: { status: "earning" } });

    h.clock.now += DAY - 60; // 23:59
    const appended = await api(
      h,
      "POST",
      "/api/user/yebappend",
      { requestId: rid(), id: String(joined.body.data.id), amount: "1000000", payPassword: "fund1234" },
      { token },
    );
    expect(appended.body.code).toBe(1);
    expect(appended.body.data.subscriptions[0].principal).toBe("1001000.00");

    h.clock.now += 60; // midnight: day 1 ends
    await accrueInterest(h.database.db, h.clock.now);
    let summary = await info(token);
    // 1 000 × 0.0008, not 1 001 000 × 0.0008 = 800.80
    expect(summary.subscriptions[0].profitByDay).toEqual([[1, "0.80"]]);

    h.clock.now += DAY;
    await accrueInterest(h.database.db, h.clock.now);
    summary = await info(token);
    expect(summary.subscriptions[0].profitByDay).toEqual([
      [1, "0.80"],
      [2, "801.60"],
    ]);

    // stopping returns every cent put in, pending or not
    await api(
      h,
      "POST",
      "/api/user/yebappend",
      { requestId: rid(), id: String(joined.body.data.id), amount: "50", payPassword: "fund1234" },
      { token },
    );
    const stop = await api(
      h,
      "POST",
      "/api/user/yebstop",
      { requestId: rid(), id: String(joined.body.data.id), payPassword: "fund1234" },
      { token },
    );
    expect(stop.body.data.subscriptions[0]).toMatchObject({ status: "settled", principal: "1001050.00", profit: "801.60" });
    expect((await api(h, "GET", "/api/user/wallet", {}, { token })).body.data).toMatchObject({ cash: "1002801.60", yuebao: "0.00" });
    expect((await api(h, "GET", "/api/ops/reconcile", {}, { "ops-token": OPS_TOKEN })).body.data.ok).toBe(true);
  });

  it("money appended while the accrual job lagged earns only from the day after the append", async () => {
    h.clock.now = Math.ceil(h.clock.now / DAY) * DAY;
    const token = await richSaver();
    const plans = (await api(h, "GET", "/api/user/yeb", {}, { token })).body.data as Array<{ id: number; days: number }>;
    const seven = plans.find((plan) => plan.days === 7)!;
    const joined = (
      await api(
        h,
        "POST",
        "/api/user/yebjoinnow",
        { requestId: rid(), planId: String(seven.id), amount: "1000", payPassword: "fund1234" },
        { token },
      )
    ).body.data;
    // no accrual ran for two days; the append lands late on day 3
    h.clock.now += 3 * DAY - 60;
    await api(
      h,
      "POST",
      "/api/user/yebappend",
      { requestId: rid(), id: String(joined.id), amount: "1000000", payPassword: "fund1234" },
      { token },
    );
    h.clock.now += DAY;
    await accrueInterest(h.database.db, h.clock.now);
    const summary = await info(token);
    expect(summary.subscriptions[0].profitByDay).toEqual([
      [1, "0.80"],
      [2, "1.60"],
      [3, "2.40"],
    ]);
  });
});

describe("yuebao: appending takes the fund password", () => {
  it("refuses an append without or with a wrong fund password, counts the wrong ones, and moves no money", async () => {
    const token = await richSaver();
    const plans = (await api(h, "GET", "/api/user/yeb", {}, { token })).body.data as Array<{ id: number; days: number }>;
    const seven = plans.find((plan) => plan.days === 7)!;
    const user = (await api(h, "GET", "/api/user/index", {}, { token })).body.data;
    const joined = await api(
      h,
      "POST",
      "/api/user/yebjoinnow",
      { requestId: rid(), planId: String(seven.id), amount: "1000", payPassword: "fund1234" },
      { token },
    );
    const id = String(joined.body.data.id);
    const append = (fields: Record<string, string>) =>
      api(h, "POST", "/api/user/yebappend", { requestId: rid(), id, amount: "50", ...fields }, { token });
    const before = await info(token);

    const missing = await append({});
    expect(missing.body).toMatchObject({ code: 0, err: "field_required" });
    const wrong = [];
    for (let i = 0; i < 5; i++) wrong.push((await append({ payPassword: `guess${i}99` })).body.err);
    expect(wrong).toEqual([
      "wrong_fund_password",
      "wrong_fund_password",
      "wrong_fund_password",
      "wrong_fund_password",
      "fund_password_locked",
    ]);
    // the lock holds for the right password too, and for the other money actions
    expect((await append({ payPassword: "fund1234" })).body.err).toBe("fund_password_locked");
    expect(await info(token)).toEqual(before);
    const result = (await h.database.db.execute(
      `select tries from password_guards where scope = 'fund' and user_id = ${user.id}` as never,
    )) as unknown as { rows: Array<{ tries: number }> };
    const [guard] = result.rows;
    expect(Number(guard!.tries)).toBe(5);

    h.clock.now += 16 * 60;
    const right = await append({ payPassword: "fund1234" });
    expect(right.body.code).toBe(1);
    expect(right.body.data.subscriptions[0].principal).toBe("1050.00");
  });
});
