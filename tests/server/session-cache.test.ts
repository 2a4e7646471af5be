import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { hashToken } from "#server/modules/accounts/tokens";

import { api, changeLoginPassword, type Harness, loginDemo, placeOrder, productId, registerUser, startHarness } from "./harness";

// A session found once is kept in the process for a short while: authenticated requests then read only the
// user's row. Ending a session (logout, password change, account lock) forgets it at once.
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const me = (token: string, on = h) => api(on, "GET", "/api/user/index", {}, { token });

/** The SQL text of every statement sent to the PGlite while `work` runs. */
async function statementsDuring(work: () => Promise<unknown>, on = h): Promise<string[]> {
  const client = (on.database.db as unknown as { $client: Record<"query" | "exec", (...args: unknown[]) => unknown> }).$client;
  const spies = (["query", "exec"] as const).map((name) => vi.spyOn(client, name));
  try {
    await work();
    return spies.flatMap((spy) => spy.mock.calls.map((call) => String(call[0])));
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

const wrongFrom = (account: string, remoteAddress: string) =>
  h.app.inject({ method: "POST", url: "/api/login/index", remoteAddress, payload: { account, password: "wrong123" } });

// An order is one statement: the order route resolves the token from this cache without reading the user's row,
// and place_order checks the session and the account lock as committed. So an order sees what the cache may not.
// (A harness of its own: the demo's balance and the clock stay as the tests below expect them.)
describe("orders check the session in their own statement", () => {
  let o: Harness;
  beforeAll(async () => {
    o = await startHarness();
  });
  afterAll(() => o.close());
  beforeEach(() => o.advance(1));

  const btc = () => productId(o.feed, "BTCUSDT");
  const order = (token: string, fields: Record<string, string> = {}) => placeOrder(o, token, btc(), fields);
  const orderCount = async () =>
    Number(
      ((await o.database.db.execute("select count(*) as n from orders" as never)) as unknown as { rows: Array<{ n: string }> }).rows[0]!.n,
    );
  const demoCash = async () => (await me(await loginDemo(o), o)).body.data.cash as string;
  const endBehindTheServersBack = (token: string) =>
    o.database.db.execute(`delete from sessions where token_hash = '${hashToken(token)}'` as never);

  it("an order on a known session sends one statement, place_order's, and reads no session or user row first", async () => {
    const token = await loginDemo(o);
    expect((await order(token)).body.code).toBe(1);
    let answer: Awaited<ReturnType<typeof placeOrder>> | undefined;
    // the update stream reads the events the order wrote, and wakes its listeners (grouped per 50 ms, so on a slow
    // machine once per order), on its own: not the order's statements
    const statements = (await statementsDuring(async () => (answer = await order(token)), o)).filter(
      (text) => !/from "events"/.test(text) && !/pg_notify\(/.test(text),
    );
    expect(answer!.body.code).toBe(1);
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/from place_order\(/);
  });

  it("a session removed behind the server's back refuses the next order at once, writes nothing, and is forgotten", async () => {
    const token = await loginDemo(o);
    expect((await me(token, o)).body.code).toBe(1);
    const cash = await demoCash();
    const orders = await orderCount();
    // no notice reaches the cache: only the statement can know
    await endBehindTheServersBack(token);
    const refused = await order(token);
    expect(refused.status).toBe(401);
    expect(refused.body.err).toBe("login_required");
    expect(await orderCount()).toBe(orders);
    expect(await demoCash()).toBe(cash);
    // the process forgot the token: every other route refuses it too, without waiting for the entry to age
    expect((await me(token, o)).status).toBe(401);
  });

  it("an account locked behind the server's back refuses the next order at once", async () => {
    const { token } = await registerUser(o, "cache005");
    expect((await me(token!, o)).body.code).toBe(1);
    await o.database.db.execute("update users set locked = true where account = 'cache005'" as never);
    const refused = await order(token!);
    expect(refused.status).toBe(401);
    expect(refused.body.err).toBe("login_required");
  });

  it("an order refused from the process's memory still checks the session first", async () => {
    const token = await loginDemo(o);
    expect((await me(token, o)).body.code).toBe(1);
    // no 45 s option: refused before place_order is called, so the session is looked at on its own
    expect((await order(token, { seconds: "45" })).body.err).toBe("invalid_input");
    await endBehindTheServersBack(token);
    expect((await order(token, { seconds: "45" })).status).toBe(401);
  });
});

describe("session cache", () => {
  it("a session already seen is not looked up in the sessions table again; its user's row is", async () => {
    const token = await loginDemo(h);
    expect((await me(token)).body.code).toBe(1);
    const statements = await statementsDuring(() => me(token));
    expect(statements.some((text) => /"sessions"/.test(text))).toBe(false);
    expect(statements.some((text) => /from "users"/.test(text))).toBe(true);
    // balances come from the row as it is now, not as it was when the session was found
    await h.database.db.execute("update users set cash = cash + 1 where account = 'demo'" as never);
    const after = await me(token);
    await h.database.db.execute("update users set cash = cash - 1 where account = 'demo'" as never);
    expect(after.body.data.cash).toBe("10000.01");
  });

  it("a session removed behind the server's back lives on until its entry ages (which is what is cached)", async () => {
    const { token } = await registerUser(h, "cache001");
    expect((await me(token!)).body.code).toBe(1);
    await h.database.db.execute("delete from sessions where user_id = (select id from users where account = 'cache001')" as never);
    expect((await me(token!)).body.code).toBe(1);
    vi.useFakeTimers({ now: Date.now() + 31_000, toFake: ["Date"] });
    try {
      expect((await me(token!)).status).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it("logout refuses the token at once", async () => {
    const token = await loginDemo(h);
    expect((await me(token)).body.code).toBe(1);
    expect((await api(h, "POST", "/api/login/logout", {}, { token })).body.code).toBe(1);
    expect((await me(token)).status).toBe(401);
  });

  it("a password change refuses the user's other sessions at once", async () => {
    const { token } = await registerUser(h, "cache002", "first123");
    const other = (await api(h, "POST", "/api/login/index", { account: "cache002", password: "first123" })).body.data.token as string;
    expect((await me(other)).body.code).toBe(1);
    const changed = await changeLoginPassword(h, token!, "first123", "second123");
    expect(changed.body.code).toBe(1);
    expect((await me(other)).status).toBe(401);
    expect((await me(token!)).body.code).toBe(1);
  });

  it("an account lock refuses its cached sessions at once; wrong passwords from several addresses do not", async () => {
    const { token } = await registerUser(h, "cache003", "right123");
    expect((await me(token!)).body.code).toBe(1);
    for (const address of ["10.9.0.1", "10.9.0.2", "10.9.0.3"]) for (let i = 0; i < 5; i++) await wrongFrom("cache003", address);
    expect((await me(token!)).body.code).toBe(1);
    // an operator's lock: the user's row is read on every request, so the cached session stops at once
    await h.database.db.execute("update users set locked = true where account = 'cache003'" as never);
    expect((await me(token!)).status).toBe(401);
  });

  it("a session past its expiry is refused although it was cached", async () => {
    const { token } = await registerUser(h, "cache004");
    expect((await me(token!)).body.code).toBe(1);
    h.clock.now += 30 * 24 * 3600 + 1;
    expect((await me(token!)).status).toBe(401);
  });
});
