import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { endpoints } from "#contract/endpoints";
import { opsEndpoints } from "#contract/ops";
import { LIMIT_FIELDS } from "#contract/self-limits";
import { orders, sessions, userLimits, users } from "#server/db/schema";

import { api, type Harness, placeOrder, productId, rid, startHarness } from "./harness";
import { type FundedUser, fundedUser, uploadPng } from "./security/funded-user";
import { staff } from "./staff";

/**
 * The limits a customer sets on their own trading: a tightening holds at once, a loosening a day later, a
 * timeout or exclusion until its date; each is checked where money moves (order placement under the user's
 * row lock, recharge submission and approval) and on every request (time limits).
 */
let h: Harness;
let btc: number;
let counter = 0;
beforeAll(async () => {
  h = await startHarness();
  btc = productId(h.feed, "BTCUSDT");
}, 60_000);
afterAll(() => h?.close());
// each order opens on a new tick
beforeEach(() => h.advance(1));
// a test that moves the clock days ahead puts it back: the feed would otherwise record every second skipped
let clockAtStart = 0;
beforeEach(() => void (clockAtStart = h.clock.now));
// (no test here records more than a minute of the feed, so a jump of more than ten is a move of the clock alone)
afterEach(() => {
  if (h.clock.now - clockAtStart > 600) h.clock.now = clockAtStart;
});

const customer = async (cash = "5000"): Promise<FundedUser> => fundedUser(h, `limits${String(++counter).padStart(3, "0")}`, cash);
const setLimits = (token: string, fields: Record<string, string>, requestId = rid("limits")) =>
  api(h, endpoints.setLimits, { requestId, ...fields }, { token });
const getLimits = (token: string) => api(h, endpoints.limits, {}, { token });
const userIdOf = async (account: string) =>
  (await h.database.db.select({ id: users.id }).from(users).where(eq(users.account, account)))[0]!.id;
const DAY = 86_400;
/** The `values` a refusal carries (limit_reached, self_excluded). */
const valuesOf = (answer: { body: object }) => (answer.body as { values?: Record<string, string> }).values;

describe("reading and changing the limits", () => {
  it("answers every field empty, nothing pending, and the use at zero for a customer who set none", async () => {
    const { token } = await customer();
    const answer = await getLimits(token);
    expect(answer.body.code, answer.body.msg).toBe(1);
    expect(Object.keys(answer.body.data.limits).sort()).toEqual([...LIMIT_FIELDS].sort());
    expect(Object.values(answer.body.data.limits).every((value) => value === "")).toBe(true);
    expect(answer.body.data.pending).toEqual([]);
    expect(answer.body.data.use).toMatchObject({ balance: "5000.00", turnover1d: "0.00", losses1d: "0.00", openPositions: 0 });
    expect(answer.body.data.use.deposit1d).toBe("5000.00");
  });

  it("tightens at once and loosens or removes only 24 hours later, shown as pending until then", async () => {
    const { token } = await customer();
    const set = await setLimits(token, { maxTurnover1d: "300", realityCheckMinutes: "60" });
    expect(set.body.code, set.body.msg).toBe(1);
    expect(set.body.data.limits).toMatchObject({ maxTurnover1d: "300.00", realityCheckMinutes: "60" });
    expect(set.body.data.pending).toEqual([]);

    const asked = h.clock.now;
    const loosened = await setLimits(token, { maxTurnover1d: "1000", realityCheckMinutes: "" });
    expect(loosened.body.data.limits).toMatchObject({ maxTurnover1d: "300.00", realityCheckMinutes: "60" });
    expect(loosened.body.data.pending).toEqual([
      { field: "maxTurnover1d", value: "1000.00", takesEffectAt: asked + DAY },
      { field: "realityCheckMinutes", value: "", takesEffectAt: asked + DAY },
    ]);
    // still the tight value one second before the day is over
    h.clock.now = asked + DAY - 1;
    expect((await getLimits(token)).body.data.limits.maxTurnover1d).toBe("300.00");
    h.clock.now = asked + DAY;
    const later = await getLimits(token);
    expect(later.body.data.limits).toMatchObject({ maxTurnover1d: "1000.00", realityCheckMinutes: "" });
    expect(later.body.data.pending).toEqual([]);
  });

  it("a tightening drops the loosening of that field still waiting", async () => {
    const { token } = await customer();
    await setLimits(token, { maxLosses7d: "100" });
    expect((await setLimits(token, { maxLosses7d: "900" })).body.data.pending).toHaveLength(1);
    const back = await setLimits(token, { maxLosses7d: "100" });
    expect(back.body.data.pending).toEqual([]);
    expect(back.body.data.limits.maxLosses7d).toBe("100.00");
  });

  it("refuses a timeout outside 1 day to 6 weeks and an exclusion outside 6 months to 5 years", async () => {
    const { token } = await customer();
    const now = h.clock.now;
    for (const [field, until] of [
      ["timeoutUntil", now + 3600],
      ["timeoutUntil", now + 43 * DAY],
      ["excludedUntil", now + 30 * DAY],
      ["excludedUntil", now + 6 * 365 * DAY],
    ] as const) {
      const refused = await setLimits(token, { [field]: String(until) });
      expect(refused.body.err, `${field} ${until - now}`).toBe("invalid_input");
    }
    expect((await getLimits(token)).body.data.limits).toMatchObject({ timeoutUntil: "", excludedUntil: "" });
  });

  it("answers a retry with the first answer and refuses the same requestId with other values", async () => {
    const { token } = await customer();
    const requestId = rid("limits");
    const first = await setLimits(token, { maxTurnover1d: "500" }, requestId);
    expect((await setLimits(token, { maxTurnover1d: "500" }, requestId)).body.data).toEqual(first.body.data);
    expect((await setLimits(token, { maxTurnover1d: "50" }, requestId)).body.err).toBe("request_reused");
    expect((await getLimits(token)).body.data.limits.maxTurnover1d).toBe("500.00");
  });
});

describe("the console", () => {
  it("shows a customer's limits, exclusion and waiting loosenings to support and finance, read-only", async () => {
    const { token, account } = await customer();
    await setLimits(token, { maxDeposit30d: "2000" });
    await setLimits(token, { maxDeposit30d: "", excludedUntil: String(h.clock.now + 200 * DAY) });
    const id = String(await userIdOf(account));
    for (const role of ["support", "finance"] as const) {
      const shown = await api(h, opsEndpoints.customerLimits, { id }, await staff(h, role));
      expect(shown.body.code, shown.body.msg).toBe(1);
      expect(shown.body.data.limits).toMatchObject({ maxDeposit30d: "2000.00", excludedUntil: String(h.clock.now + 200 * DAY) });
      expect(shown.body.data.pending).toEqual([{ field: "maxDeposit30d", value: "", takesEffectAt: h.clock.now + DAY }]);
    }
    expect((await api(h, opsEndpoints.customerLimits, { id: "999999" }, await staff(h, "support"))).body.err).toBe("record_not_found");
  });
});

describe("order placement", () => {
  it("refuses an order past the daily turnover with the limit and when it resets", async () => {
    const { token } = await customer();
    await setLimits(token, { maxTurnover1d: "300" });
    const firstOpened = h.clock.now;
    for (let i = 0; i < 3; i++) expect((await placeOrder(h, token, btc)).body.code).toBe(1);
    const refused = await placeOrder(h, token, btc);
    expect(refused.status).toBe(422);
    expect(refused.body.err).toBe("limit_reached");
    expect(valuesOf(refused)).toEqual({ limit: "maxTurnover1d", resetsAt: String(firstOpened + DAY) });
    expect(refused.body.msg).toContain("Daily turnover limit");
    // in the customer's language, the limit named by its label there
    const german = await api(
      h,
      endpoints.placeOrder,
      { pid: String(btc), direction: "up", seconds: "30", amount: "100", requestId: rid() },
      { token, lang: "de" },
    );
    expect(german.body.msg).toBe("Sie haben ein selbst gesetztes Limit erreicht: Tägliches Umsatzlimit");
    expect((await getLimits(token)).body.data.use.turnover1d).toBe("300.00");
  });

  it("counts an open order as lost against the loss limit, stake and fee, so a loss can never pass it", async () => {
    const { token, account } = await customer();
    await setLimits(token, { maxLosses1d: "250" });
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await placeOrder(h, token, btc));
    expect(answers.map((a) => a.body.err ?? "ok")).toEqual(["ok", "ok", "limit_reached"]);
    expect(valuesOf(answers[2]!)?.limit).toBe("maxLosses1d");
    const placed = await h.database.db
      .select()
      .from(orders)
      .where(eq(orders.userId, await userIdOf(account)));
    expect(placed.reduce((sum, order) => sum + order.amount + order.fee, 0)).toBeLessThanOrEqual(25_000);
  });

  it("refuses more open orders than the customer allows, and a balance above their ceiling", async () => {
    const { token } = await customer();
    await setLimits(token, { maxOpenPositions: "1" });
    expect((await placeOrder(h, token, btc)).body.code).toBe(1);
    const second = await placeOrder(h, token, btc);
    expect(valuesOf(second)?.limit).toBe("maxOpenPositions");

    const rich = await customer();
    await setLimits(rich.token, { maxBalance: "1000" });
    const refused = await placeOrder(h, rich.token, btc);
    expect(refused.body.err).toBe("limit_reached");
    expect(valuesOf(refused)).toEqual({ limit: "maxBalance", resetsAt: "" });
  });

  it("lets a loosened turnover count only once its day has passed", async () => {
    const { token } = await customer();
    await setLimits(token, { maxTurnover1d: "100" });
    expect((await placeOrder(h, token, btc)).body.code).toBe(1);
    await setLimits(token, { maxTurnover1d: "10000" });
    expect(valuesOf(await placeOrder(h, token, btc))?.limit).toBe("maxTurnover1d");
  });
});

describe("timeouts, exclusions and session time", () => {
  it("refuses every request, the login and orders of a customer in a timeout, whoever asks, until its date", async () => {
    const { token, account, password } = await customer();
    const until = h.clock.now + 2 * DAY;
    const set = await setLimits(token, { timeoutUntil: String(until) });
    expect(set.body.code, set.body.msg).toBe(1);
    for (const answer of [await getLimits(token), await api(h, endpoints.wallet, {}, { token }), await placeOrder(h, token, btc)]) {
      expect(answer.status).toBe(403);
      expect(answer.body.err).toBe("self_excluded");
      expect(valuesOf(answer)).toEqual({ until: String(until) });
    }
    const login = await api(h, endpoints.login, { account, password });
    expect(login.body.err).toBe("self_excluded");
    expect(login.body.msg).toContain(new Date(until * 1000).toISOString().slice(0, 10));
    // no operator path writes a customer's limits (the console shows them read-only)
    const writes = Object.values(opsEndpoints).filter((endpoint) => endpoint.method === "POST" && /self|user.*limit/.test(endpoint.path));
    expect(writes).toEqual([]);
    h.clock.now = until;
    expect((await api(h, endpoints.login, { account, password })).body.code).toBe(1);
  });

  it("settles an excluded customer's open orders", async () => {
    const { token, account } = await customer();
    const placed = await placeOrder(h, token, btc);
    expect(placed.body.code).toBe(1);
    await setLimits(token, { excludedUntil: String(h.clock.now + 200 * DAY) });
    await h.advanceTo(placed.body.data.resultAt);
    const [order] = await h.database.db
      .select()
      .from(orders)
      .where(eq(orders.userId, await userIdOf(account)));
    expect(order!.status).toBe("closed");
  });

  it("ends a session older than the customer's session limit", async () => {
    const { token, account } = await customer();
    await setLimits(token, { sessionMinutes: "30" });
    expect((await getLimits(token)).body.code).toBe(1);
    h.clock.now += 30 * 60;
    const ended = await getLimits(token);
    expect(ended.status).toBe(401);
    expect(ended.body.err).toBe("login_required");
    const left = await h.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, await userIdOf(account)));
    expect(left).toEqual([]);
  });
});

describe("deposits", () => {
  const recharge = async (token: string, amount: string) => {
    const screenshot = await uploadPng(h, token);
    const channelId = (await api(h, endpoints.rechargeInfo, {}, { token })).body.data.channels[0]!.id;
    return api(h, endpoints.recharge, { channelId: String(channelId), amount, screenshot, requestId: rid("recharge") }, { token });
  };

  it("refuses a recharge submission past the daily deposit or the balance ceiling", async () => {
    const { token } = await customer("100");
    await setLimits(token, { maxDeposit1d: "300" });
    expect((await recharge(token, "150")).body.code).toBe(1);
    const refused = await recharge(token, "100");
    expect(refused.body.err).toBe("limit_reached");
    expect(valuesOf(refused)?.limit).toBe("maxDeposit1d");

    const other = await customer("100");
    await setLimits(other.token, { maxBalance: "190" });
    const over = await recharge(other.token, "100");
    expect(over.body.err, over.body.msg).toBe("limit_reached");
    expect(valuesOf(over)?.limit).toBe("maxBalance");
  });

  it("refuses the approval of a recharge that a limit set since the submission would pass", async () => {
    const { token, account } = await customer("100");
    const submitted = await recharge(token, "500");
    expect(submitted.body.code).toBe(1);
    await setLimits(token, { maxDeposit7d: "400" });
    const finance = await staff(h, "finance");
    const approval = await api(h, opsEndpoints.reviewRecharge, { id: String(submitted.body.data.id), decision: "approve" }, finance);
    expect(approval.body.err).toBe("limit_reached");
    expect(valuesOf(approval)?.limit).toBe("maxDeposit7d");
    const [row] = await h.database.db.select({ cash: users.cash }).from(users).where(eq(users.account, account));
    expect(row!.cash).toBe(10_000);
  });
});

describe("50 orders at once against one customer's limits (PGlite)", () => {
  it("never passes the daily turnover nor the daily loss limit", async () => {
    for (const limit of [{ maxTurnover1d: "1000" }, { maxLosses1d: "1000" }] as Array<Record<string, string>>) {
      const { token, account } = await customer();
      await setLimits(token, limit);
      const answers = await Promise.all(Array.from({ length: 50 }, () => placeOrder(h, token, btc)));
      const errors = new Set(answers.map((answer) => answer.body.err ?? "ok"));
      expect([...errors].sort()).toEqual(["limit_reached", "ok"]);
      const placed = await h.database.db
        .select()
        .from(orders)
        .where(eq(orders.userId, await userIdOf(account)));
      const total = placed.reduce((sum, order) => sum + order.amount + ("maxLosses1d" in limit ? order.fee : 0), 0);
      expect(total).toBeLessThanOrEqual(100_000);
      expect(placed.length).toBe(answers.filter((answer) => answer.body.code === 1).length);
      const stored = await h.database.db
        .select()
        .from(userLimits)
        .where(eq(userLimits.userId, await userIdOf(account)));
      expect(stored).toHaveLength(1);
    }
  });
});
