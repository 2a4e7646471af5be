import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { api, type Harness, loginDemo, productId, registerUser, startHarness } from "./harness";

let h: Harness;
let demo: string;
let other: string;
let btc: number;
let eur: number;
beforeAll(async () => {
  h = await startHarness();
  demo = await loginDemo(h);
  other = (await registerUser(h, "favother01")).token!;
  btc = productId(h.feed, "BTCUSDT");
  eur = productId(h.feed, "EURUSD");
});
afterAll(() => h.close());

const list = async (token: string) => (await api(h, "GET", "/api/user/favourites", {}, { token })).body.data as number[];
const star = (token: string, pid: number | string, on: "0" | "1") =>
  api(h, "POST", "/api/user/favourite", { pid: String(pid), on }, { token });

describe("favourites", () => {
  it("starts empty, keeps starred products in the order starred, and adding twice keeps one", async () => {
    expect(await list(demo)).toEqual([]);
    expect((await star(demo, btc, "1")).body.data).toEqual([btc]);
    h.clock.now += 1;
    expect((await star(demo, eur, "1")).body.data).toEqual([btc, eur]);
    // a double tap or a retry: the same state, no second row
    const again = await star(demo, btc, "1");
    expect(again.body.code).toBe(1);
    expect(again.body.data).toEqual([btc, eur]);
    expect(await list(demo)).toEqual([btc, eur]);
  });

  it("removing is idempotent too", async () => {
    expect((await star(demo, btc, "0")).body.data).toEqual([eur]);
    const again = await star(demo, btc, "0");
    expect(again.body.code).toBe(1);
    expect(again.body.data).toEqual([eur]);
  });

  it("is per user: one user's stars are not another's, and neither can change the other's", async () => {
    expect(await list(other)).toEqual([]);
    await star(other, btc, "1");
    expect(await list(other)).toEqual([btc]);
    expect(await list(demo)).toEqual([eur]);
    // removing a product the other user starred removes only one's own
    await star(demo, btc, "0");
    expect(await list(other)).toEqual([btc]);
  });

  it("refuses a product the platform does not list, and malformed input, changing nothing", async () => {
    const unknown = await star(demo, 999_999, "1");
    expect(unknown.body).toMatchObject({ code: 0, err: "product_not_found" });
    expect((await star(demo, "abc", "1")).body.err).toBe("invalid_input");
    expect((await api(h, "POST", "/api/user/favourite", { pid: String(btc), on: "yes" }, { token: demo })).body.err).toBe("invalid_input");
    expect((await api(h, "POST", "/api/user/favourite", { pid: String(btc) }, { token: demo })).body.err).toBe("field_required");
    expect(await list(demo)).toEqual([eur]);
  });

  it("needs a session", async () => {
    const answer = await api(h, "GET", "/api/user/favourites");
    expect(answer.status).toBe(401);
    expect((await api(h, "POST", "/api/user/favourite", { pid: String(btc), on: "1" })).status).toBe(401);
  });
});
