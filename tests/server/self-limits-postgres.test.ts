import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { endpoints } from "#contract/endpoints";

import { api, placeOrder, productId, rid } from "./harness";
import { type PostgresPair, startPostgresPair } from "./postgres-pair";
import { fundedUser } from "./security/funded-user";

/**
 * A customer's own limits hold across processes: 50 orders sent at once, half to each of two server processes
 * (a pool each) on one PostgreSQL, never take the customer past a daily turnover or daily loss limit, for
 * `place_order` checks them under the user's row lock, counting every order committed before it got the lock.
 */
let pair: PostgresPair;
beforeAll(async () => {
  pair = await startPostgresPair();
}, 120_000);
afterAll(() => pair?.close());

let accounts = 0;

describe("50 parallel orders from two processes against one customer's limit (PostgreSQL)", () => {
  it.each([
    ["daily turnover", { maxTurnover1d: "1000" }, "amount"],
    ["daily loss", { maxLosses1d: "1000" }, "amount + fee"],
  ] as const)("never pass the %s", async (_name, limit, counted) => {
    const { leader, follower } = pair;
    const trader = await fundedUser(leader, `pglimit${Date.now() % 100_000}${accounts++}`, "20000");
    const set = await api(leader, endpoints.setLimits, { requestId: rid("limits"), ...limit }, { token: trader.token });
    expect(set.body.code, set.body.msg).toBe(1);
    // a new tick both processes know, so every order is priced fresh on either
    await leader.advance(1);
    await follower.feed.follow();
    const btc = productId(leader.feed, "BTCUSDT");
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => placeOrder(i % 2 ? follower : leader, trader.token, btc)));
    const outcomes = new Set(answers.map((answer) => answer.body.err ?? "ok"));
    expect([...outcomes].sort()).toEqual(["limit_reached", "ok"]);
    const [row] = await pair.rows<{ n: number; total: string }>(
      `select count(*)::int as n, coalesce(sum(${counted}), 0)::bigint as total from orders o join users u on u.id = o.user_id where u.account = '${trader.account}'`,
    );
    expect(Number(row!.total)).toBeLessThanOrEqual(100_000);
    expect(row!.n).toBe(answers.filter((answer) => answer.body.code === 1).length);
  });
});
