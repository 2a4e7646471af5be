import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { api, type Harness, placeOrder, productId, registerUser, snapshot, startHarness } from "./harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

// place_order's own answer to this case is tested on both databases in place-order-rules.test.ts; this is what
// the customer gets over HTTP: the refusal, not an internal error
describe("an order whose stake the balance covers but not its fee", () => {
  it("is refused as balance_insufficient and changes nothing", async () => {
    const token = (await registerUser(h, "boundary1")).token!;
    const btc = productId(h.feed, "BTCUSDT");
    // 100.00 at the seeded 1 % fee costs 101.00: 100.50 covers the stake alone
    await h.database.db.execute("update users set cash = 10050 where account = 'boundary1'" as never);
    await h.advance(1);
    const before = await snapshot(h);
    const answer = await placeOrder(h, token, btc, { amount: "100" });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ code: 0, err: "balance_insufficient" });
    expect(await snapshot(h)).toBe(before);
    expect((await api(h, "GET", "/api/user/index", {}, { token })).body.data.cash).toBe("100.50");
  });
});
