import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { api, changeLoginPassword, type Harness, loginDemo, registerUser, startHarness } from "./harness";

// A session found once is kept in the process for a short while: authenticated requests then read only the
// user's row. Ending a session (logout, password change, account lock) forgets it at once.
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const me = (token: string) => api(h, "GET", "/api/user/index", {}, { token });

/** The SQL text of every statement sent to the PGlite while `work` runs. */
async function statementsDuring(work: () => Promise<unknown>): Promise<string[]> {
  const client = (h.database.db as unknown as { $client: Record<"query" | "exec", (...args: unknown[]) => unknown> }).$client;
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
