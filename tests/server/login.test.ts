import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { api, changeLoginPassword, type Harness, loginDemo, OPS_TOKEN, registerUser, rid, snapshot, startHarness } from "./harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

describe("login", () => {
  it("logs the demo account in and answers user-info with the token", async () => {
    const token = await loginDemo(h);
    const me = await api(h, "GET", "/api/user/index", {}, { token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ code: 1, data: { account: "demo", cash: "10000.00", phone: "138*****000" } });
  });

  it("refuses an unknown user and a wrong password with one message, so a name's existence stays unknown", async () => {
    const nobody = await api(h, "POST", "/api/login/index", { account: "nobody1", password: "whatever1" });
    expect(nobody.body).toMatchObject({ code: 0, err: "wrong_password", msg: "Wrong account or password, try again" });
    const wrong = await api(h, "POST", "/api/login/index", { account: "demo", password: "wrong123" });
    expect(wrong).toEqual(nobody);
  });

  it("answers an unknown name and a wrong password (also of an operator-locked account) with the same bytes", async () => {
    await registerUser(h, "sealed01", "right123");
    // an operator's lock is told only to the right password
    await h.database.db.execute("update users set locked = true where account = 'sealed01'" as never);
    const raw = async (account: string, remoteAddress: string) => {
      const response = await h.app.inject({
        method: "POST",
        url: "/api/login/index",
        remoteAddress,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: `account=${account}&password=wrong123`,
      });
      // what differs between any two answers anyway: the clock and the request's own id
      const { date: _date, "x-request-id": _id, ...headers } = response.headers;
      return { status: response.statusCode, headers, body: response.body };
    };
    const unknown = await raw("nosuch01", "198.51.100.1");
    expect(JSON.parse(unknown.body)).toMatchObject({ err: "wrong_password" });
    expect(await raw("demo", "198.51.100.2")).toEqual(unknown);
    expect(await raw("DEMO", "198.51.100.3")).toEqual(unknown);
    expect(await raw("sealed01", "198.51.100.4")).toEqual(unknown);
  });

  it("locks the address out of an account after 5 wrong passwords in 15 minutes until the operator unlocks it", async () => {
    const { answer } = await registerUser(h, "carol2026", "right123");
    expect(answer.body.code).toBe(1);
    for (let i = 0; i < 4; i++) {
      const wrong = await api(h, "POST", "/api/login/index", { account: "carol2026", password: "wrong123" });
      expect(wrong.body.err).toBe("wrong_password");
    }
    const fifth = await api(h, "POST", "/api/login/index", { account: "carol2026", password: "wrong123" });
    expect(fifth.status).toBe(403);
    expect(fifth.body.err).toBe("login_locked");
    const right = await api(h, "POST", "/api/login/index", { account: "carol2026", password: "right123" });
    expect(right.body).toMatchObject({ err: "login_locked", msg: "Too many wrong passwords, try again in 15 minutes" });

    const unlocked = await api(h, "POST", "/api/ops/unlock", { account: "carol2026" }, { "ops-token": OPS_TOKEN });
    expect(unlocked.body.code).toBe(1);
    expect((await api(h, "POST", "/api/login/index", { account: "carol2026", password: "right123" })).body.code).toBe(1);
  });

  it("counts only failures inside the 15-minute window", async () => {
    await registerUser(h, "dave2026", "right123");
    for (let i = 0; i < 4; i++) await api(h, "POST", "/api/login/index", { account: "dave2026", password: "wrong123" });
    h.clock.now += 15 * 60 + 1;
    const later = await api(h, "POST", "/api/login/index", { account: "dave2026", password: "wrong123" });
    expect(later.body.err).toBe("wrong_password");
  });

  it("wrong passwords from any number of addresses end no session; an operator's lock does", async () => {
    const { token } = await registerUser(h, "erin2026", "right123");
    const wrongFrom = (remoteAddress: string) =>
      h.app.inject({ method: "POST", url: "/api/login/index", remoteAddress, payload: { account: "erin2026", password: "wrong123" } });
    for (const address of ["10.8.0.1", "10.8.0.2", "10.8.0.3", "10.8.0.4"]) for (let i = 0; i < 5; i++) await wrongFrom(address);
    expect((await api(h, "GET", "/api/user/index", {}, { token: token! })).status).toBe(200);
    // an operator's lock (no end) stops the session, and is told only to someone with the right password
    await h.database.db.execute("update users set locked = true where account = 'erin2026'" as never);
    expect((await api(h, "GET", "/api/user/index", {}, { token: token! })).status).toBe(401);
    const login = (password: string) =>
      h.app
        .inject({ method: "POST", url: "/api/login/index", remoteAddress: "10.8.1.1", payload: { account: "erin2026", password } })
        .then((r) => r.json());
    expect((await login("wrong123")).err).toBe("wrong_password");
    expect(await login("right123")).toMatchObject({ err: "account_locked", msg: "Account locked, contact the administrator" });
  });
});

describe("sessions", () => {
  it("answers 401 without a token, with an unknown token and after logout", async () => {
    expect((await api(h, "GET", "/api/user/index")).body).toMatchObject({ code: 401, err: "login_required", msg: "Please log in first" });
    expect((await api(h, "GET", "/api/user/index", {}, { token: "not-a-token" })).status).toBe(401);
    const token = await loginDemo(h);
    const out = await api(h, "POST", "/api/login/logout", {}, { token });
    expect(out.body.code).toBe(1);
    expect((await api(h, "GET", "/api/user/index", {}, { token })).status).toBe(401);
  });

  it("stores only a hash of the token", async () => {
    const token = await loginDemo(h);
    const result = (await h.database.db.execute("select token_hash from sessions" as never)) as unknown as {
      rows: Array<{ token_hash: string }>;
    };
    expect(result.rows.length).toBeGreaterThan(0);
    expect(result.rows.some((row) => row.token_hash === token)).toBe(false);
  });

  it("expires a session unused for 30 days", async () => {
    const token = await loginDemo(h);
    h.clock.now += 31 * 24 * 3600;
    expect((await api(h, "GET", "/api/user/index", {}, { token })).status).toBe(401);
  });
});

describe("passwords", () => {
  it("changes the login password: old one checked, other sessions revoked, new one works", async () => {
    const { token } = await registerUser(h, "frank2026", "first123");
    const other = (await api(h, "POST", "/api/login/index", { account: "frank2026", password: "first123" })).body.data.token;
    const wrongOld = await changeLoginPassword(h, token!, "nope1234", "second123");
    expect(wrongOld.body).toMatchObject({ err: "wrong_login_password", msg: "Login password wrong" });
    const mismatch = await changeLoginPassword(h, token!, "first123", "second123", "second124");
    expect(mismatch.body.err).toBe("passwords_mismatch");
    const changed = await changeLoginPassword(h, token!, "first123", "second123");
    expect(changed.body.code).toBe(1);
    expect((await api(h, "GET", "/api/user/index", {}, { token: token! })).body.code).toBe(1);
    expect((await api(h, "GET", "/api/user/index", {}, { token: other })).status).toBe(401);
    expect((await api(h, "POST", "/api/login/index", { account: "frank2026", password: "first123" })).body.err).toBe("wrong_password");
    expect((await api(h, "POST", "/api/login/index", { account: "frank2026", password: "second123" })).body.code).toBe(1);
  });

  it("changes the fund password only with the old one", async () => {
    const { token } = await registerUser(h, "gina2026", "login123", "fund1234");
    const missingOld = await api(
      h,
      "POST",
      "/api/user/pwd_pay",
      { requestId: rid(), payPassword: "fund5678", payPassword2: "fund5678" },
      { token: token! },
    );
    expect(missingOld.body).toMatchObject({ err: "field_required", msg: "Old fund password is required" });
    const wrongOld = await api(
      h,
      "POST",
      "/api/user/pwd_pay",
      { requestId: rid(), oldPayPassword: "bad12345", payPassword: "fund5678", payPassword2: "fund5678" },
      { token: token! },
    );
    expect(wrongOld.body).toMatchObject({ err: "wrong_fund_password", msg: "Fund password wrong" });
    const mismatch = await api(
      h,
      "POST",
      "/api/user/pwd_pay",
      { requestId: rid(), oldPayPassword: "fund1234", payPassword: "fund5678", payPassword2: "fund5679" },
      { token: token! },
    );
    expect(mismatch.body.err).toBe("pay_passwords_mismatch");
    const ok = await api(
      h,
      "POST",
      "/api/user/pwd_pay",
      { requestId: rid(), oldPayPassword: "fund1234", payPassword: "fund5678", payPassword2: "fund5678" },
      { token: token! },
    );
    expect(ok.body.code).toBe(1);
  });

  it("sets a first fund password without an old one", async () => {
    const { token } = await registerUser(h, "hank2026");
    await h.database.db.execute("update users set pay_password_hash = null where account = 'hank2026'" as never);
    const me = await api(h, "GET", "/api/user/index", {}, { token: token! });
    expect(me.body.data.hasPayPassword).toBe(false);
    const first = await api(
      h,
      "POST",
      "/api/user/pwd_pay",
      { requestId: rid(), payPassword: "fund1234", payPassword2: "fund1234" },
      { token: token! },
    );
    expect(first.body.code).toBe(1);
    expect((await api(h, "GET", "/api/user/index", {}, { token: token! })).body.data.hasPayPassword).toBe(true);
  });

  it("a refused password change changes nothing", async () => {
    const token = await loginDemo(h);
    const before = await snapshot(h);
    await api(h, "POST", "/api/user/pwd_login", { oldPassword: "demo1234", password: "x", password2: "x" }, { token });
    await api(
      h,
      "POST",
      "/api/user/pwd_pay",
      { requestId: rid(), oldPayPassword: "000000", payPassword: "abcdef1", payPassword2: "abcdef1" },
      { token },
    );
    expect(await snapshot(h)).toBe(before);
  });
});
