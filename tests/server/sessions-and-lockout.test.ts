import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { api, changeLoginPassword, type Harness, OPS_TOKEN, registerUser, startHarness } from "./harness";
import { opsEndpointList } from "./security/every-endpoint";
import { expectCatalogRefusal, readReply } from "./security/refusal";
import { stateFingerprint } from "./security/state-fingerprint";

/**
 * Sessions end when they expire, on logout and (all but the one in use) on a password change; five wrong
 * passwords lock the address that sent them out of the account, and failures from several addresses lock the
 * account itself; the operator API takes only the operator's token.
 * (login.test.ts walks the ordinary paths; these are the ones an attacker would try.)
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const me = (token: string, lang = "en") => api(h, "GET", "/api/user/index", {}, { token, language: lang });
const login = (account: string, password: string, remoteAddress?: string) =>
  h.app
    .inject({ method: "POST", url: "/api/login/index", remoteAddress, headers: { language: "jp" }, payload: { account, password } })
    .then(readReply);
const expiresAt = async (account: string) =>
  (
    (await h.database.db.execute(
      `select max(s.expires_at) as e from sessions s join users u on u.id = s.user_id where u.account = '${account}'` as never,
    )) as unknown as { rows: Array<{ e: string }> }
  ).rows[0]!.e;

describe("session expiry", () => {
  it("a session whose stored expiry has passed is dead, in the catalogue's words", async () => {
    const { token } = await registerUser(h, "expire01");
    expect((await me(token!)).body.code).toBe(1);
    // the session is now known to the process: its stored expiry still decides
    h.clock.now = Number(await expiresAt("expire01"));
    const answer = await me(token!, "jp");
    expect(expectCatalogRefusal(answer, "jp", "expired session")).toBe("login_required");
  });

  it("slides forward while used, and ends 30 days after the last use", async () => {
    const { token } = await registerUser(h, "expire02");
    const first = Number(await expiresAt("expire02"));
    h.clock.now += 20 * 24 * 3600;
    expect((await me(token!)).body.code).toBe(1);
    expect(Number(await expiresAt("expire02"))).toBe(h.clock.now + 30 * 24 * 3600);
    expect(Number(await expiresAt("expire02"))).toBeGreaterThan(first);
    h.clock.now += 30 * 24 * 3600 + 1;
    expect((await me(token!)).status).toBe(401);
  });

  it("refuses absurd tokens without looking them up", async () => {
    for (const token of ["x".repeat(5000), "' OR 1=1 --", "\u202E", ""]) expect((await me(token)).status).toBe(401);
  });
});

describe("revocation", () => {
  it("logout ends only the session it is called with", async () => {
    const { token } = await registerUser(h, "logout01");
    const other = (await login("logout01", "secret123")).body.data as { token: string };
    expect((await api(h, "POST", "/api/login/logout", {}, { token: token! })).body.code).toBe(1);
    expect((await me(token!)).status).toBe(401);
    expect((await api(h, "POST", "/api/login/logout", {}, { token: token! })).status).toBe(401);
    expect((await me(other.token)).body.code).toBe(1);
  });

  it("a password change ends every other session of that user, and no one else's", async () => {
    const { token } = await registerUser(h, "revoke01", "first123");
    const laptop = ((await login("revoke01", "first123")).body.data as { token: string }).token;
    const phone = ((await login("revoke01", "first123")).body.data as { token: string }).token;
    const { token: stranger } = await registerUser(h, "revoke02");
    const changed = await changeLoginPassword(h, token!, "first123", "second123");
    expect(changed.body.code).toBe(1);
    expect((await me(laptop)).status).toBe(401);
    expect((await me(phone)).status).toBe(401);
    // the session that proved the old password stays, so the user is not thrown out mid-task
    expect((await me(token!)).body.code).toBe(1);
    expect((await me(stranger!)).body.code).toBe(1);
  });

  it("wrong passwords from several addresses end no session: a stranger can send them", async () => {
    const { token } = await registerUser(h, "revive01", "right123");
    for (const address of ["10.6.0.1", "10.6.0.2", "10.6.0.3"]) for (let i = 0; i < 5; i++) await login("revive01", "wrong123", address);
    expect((await me(token!)).body.code).toBe(1);
    await api(h, "POST", "/api/ops/unlock", { account: "revive01" }, { "ops-token": OPS_TOKEN });
    expect((await me(token!)).body.code).toBe(1);
  });
});

describe("lockout", () => {
  it("five wrong passwords lock out the address they came from, in the catalogue's words, and no other", async () => {
    await registerUser(h, "lockme01", "right123");
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await login("lockme01", "wrong123", "10.7.0.1"));
    expect(answers.slice(0, 4).map((a) => a.body.err)).toEqual(Array(4).fill("wrong_password"));
    expect(expectCatalogRefusal(answers[4]!, "jp", "fifth wrong password")).toBe("login_locked");
    expect(expectCatalogRefusal(await login("lockme01", "right123", "10.7.0.1"), "jp", "locked address")).toBe("login_locked");
    expect((await login("lockme01", "right123", "10.7.1.1")).body.code).toBe(1);
  });

  it("wrong passwords from several addresses lock those addresses only: the right password still works from another", async () => {
    await registerUser(h, "lockme02", "right123");
    const answers = [];
    for (const address of ["10.7.2.1", "10.7.2.2", "10.7.2.3"])
      for (let i = 0; i < 5; i++) answers.push(await login("lockme02", "wrong123", address));
    expect(expectCatalogRefusal(answers[14]!, "jp", "third locked address")).toBe("login_locked");
    expect(expectCatalogRefusal(await login("lockme02", "right123", "10.7.2.2"), "jp", "locked address")).toBe("login_locked");
    expect((await login("lockme02", "right123", "10.7.3.1")).body.code).toBe(1);
  });

  it("wrong passwords for an account that does not exist are answered and locked like a real account's", async () => {
    const before = await stateFingerprint(h);
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await login("ghost4242", "wrong123", "10.7.4.1"));
    expect(answers.slice(0, 4).map((a) => expectCatalogRefusal(a, "jp", "unknown name"))).toEqual(Array(4).fill("wrong_password"));
    expect(expectCatalogRefusal(answers[4]!, "jp", "fifth try of an unknown name")).toBe("login_locked");
    // counted, but no account, session or money changes
    expect(await stateFingerprint(h)).toEqual(before);
  });
});

describe("operator API", () => {
  it.each(opsEndpointList.filter((spec) => spec.auth === "ops").map((spec) => [`${spec.method} ${spec.path}`, spec] as const))(
    "%s refuses user tokens and look-alikes",
    async (_name, spec) => {
      const { token } = await registerUser(h, `opsprobe${opsEndpointList.indexOf(spec)}`);
      const before = await stateFingerprint(h);
      const attempts: Array<Record<string, string>> = [
        { token: token! },
        { "ops-token": token! },
        { "ops-token": OPS_TOKEN.toUpperCase() },
        { "ops-token": `${OPS_TOKEN} ` },
        { "ops-token": OPS_TOKEN.slice(0, -1) },
        { authorization: `Bearer ${OPS_TOKEN}` },
      ];
      for (const headers of attempts) {
        const response = await h.app.inject({
          method: spec.method,
          url: spec.path,
          headers: { ...headers, language: "jp" },
          payload: spec.method === "POST" ? {} : undefined,
        });
        expect(expectCatalogRefusal(readReply(response), "jp", `${spec.path} with ${Object.keys(headers)[0]}`)).toBe("ops_forbidden");
      }
      expect(await stateFingerprint(h)).toEqual(before);
    },
  );
});
