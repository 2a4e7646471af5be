import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { endpoints } from "#contract/endpoints";
import { parseAmount } from "#contract/money";

import { api, type Harness, loginDemo, placeOrder, productId, rid, startHarness } from "./harness";

/**
 * The reality check's figures: the session's start is the login's (server time), and the trades, turnover and
 * profit/loss are those of the orders placed since, as the cash they moved shows.
 */
let h: Harness;
let btc: number;
beforeAll(async () => {
  h = await startHarness();
  btc = productId(h.feed, "BTCUSDT");
});
afterAll(() => h?.close());

// amounts as the API writes them, a loss with its minus sign
const cents = (text: string) => (text.startsWith("-") ? -parseAmount(text.slice(1))! : parseAmount(text)!);
const cashOf = async (token: string) => cents((await api(h, endpoints.userInfo, {}, { token })).body.data.cash);
const summary = async (token: string) => {
  const answer = await api(h, endpoints.sessionSummary, {}, { token });
  expect(answer.body.code, answer.body.msg).toBe(1);
  return answer.body.data;
};

describe("the session summary", () => {
  it("counts only the orders placed in this session: trades, turnover, the settled ones' result", async () => {
    const earlier = await loginDemo(h);
    await h.advance(1);
    const earlierOrder = await placeOrder(h, earlier, btc, { amount: "300" });
    expect(earlierOrder.body.code).toBe(1);
    // settled before the new session starts, so the cash this session moves is its own orders' alone
    await h.advanceTo(earlierOrder.body.data.resultAt);

    const token = await loginDemo(h);
    const loginAt = h.clock.now;
    const fresh = await summary(token);
    expect(fresh).toEqual({
      sessionStart: loginAt,
      now: loginAt,
      realityCheckMinutes: null,
      trades: 0,
      openTrades: 0,
      turnover: "0.00",
      profitLoss: "0.00",
    });
    const before = await cashOf(token);
    await h.advance(1);
    const settles = await placeOrder(h, token, btc, { amount: "100", seconds: "30" });
    expect(settles.body.code, settles.body.msg).toBe(1);
    await h.advance(1);
    const stays = await placeOrder(h, token, btc, { amount: "150", seconds: "300", direction: "down" });
    expect(stays.body.code, stays.body.msg).toBe(1);
    // a practice order moves no real money: the reality check leaves it out
    const practice = await placeOrder(h, token, btc, { amount: "70", seconds: "30", account: "practice" });
    expect(practice.body.code, practice.body.msg).toBe(1);
    // the 30 s order settles once its exit minute's seed is revealed; the 300 s one is still open then
    await h.advanceTo(settles.body.data.resultAt);

    const figures = await summary(token);
    expect(figures).toMatchObject({ sessionStart: loginAt, now: h.clock.now, trades: 2, openTrades: 1, turnover: "250.00" });
    // the cash moved by both: the settled order's result, and the open one's stake and fee still out
    const moved = (await cashOf(token)) - before;
    const openCost = cents(stays.body.data.amount) + cents(stays.body.data.fee);
    expect(cents(figures.profitLoss)).toBe(moved + openCost);
    expect(cents(figures.profitLoss)).not.toBe(0);

    // the earlier session counts from its own start: its order too
    expect(await summary(earlier)).toMatchObject({ trades: 3, turnover: "550.00" });
  });

  it("tells the interval the customer chose", async () => {
    const token = await loginDemo(h);
    const set = await api(h, endpoints.setLimits, { requestId: rid(), realityCheckMinutes: "30" }, { token });
    expect(set.body.code, set.body.msg).toBe(1);
    expect((await summary(token)).realityCheckMinutes).toBe(30);
  });

  it("answers only with a session", async () => {
    expect((await api(h, endpoints.sessionSummary, {}, { token: "no-such-token" })).status).toBe(401);
  });
});
