import { tmpdir } from "node:os";
import { join } from "node:path";

import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { LOGIN_ACCOUNT_FAILURE_LIMIT, LOGIN_FAILURE_LIMIT } from "#contract/constants";
import { DEMO_PASSWORD, DEMO_PAY_PASSWORD } from "#server/db/seed";

import { rid } from "./harness";
import { type PostgresApps, startPostgresApps } from "./postgres-pair";

/**
 * The attacks of account-attacks.test.ts on PostgreSQL, sent concurrently through two apps on two pools (as
 * two server processes would): the counts are shared and checked one at a time per name or user, so spreading
 * guesses over processes gains no tries, and the locks still never end the owner's session.
 */
describe("account attacks across two processes on one PostgreSQL", () => {
  let site: PostgresApps | undefined;
  let apps: FastifyInstance[] = [];
  const clock = { now: 1_800_000_000 };
  const codes = new Map<string, string>();
  let phones = 0;

  type Reply = { status: number; body: { code: number; msg: string; err?: string; data: any } };
  const post = (i: number, url: string, payload: Record<string, string>, headers: Record<string, string> = {}, remoteAddress?: string) =>
    apps[i % 2]!.inject({ method: "POST", url, payload, headers, remoteAddress }).then((r): Reply => ({
      status: r.statusCode,
      body: r.json(),
    }));
  const login = (i: number, account: string, password: string, remoteAddress: string) =>
    post(i, "/api/login/index", { account, password }, {}, remoteAddress);
  const me = (i: number, token: string) =>
    apps[i % 2]!.inject({ method: "GET", url: "/api/user/index", headers: { token } }).then((r) => r.statusCode);
  const tally = (replies: Reply[]) =>
    replies.map((r) => r.body.err ?? "ok").reduce<Record<string, number>>((acc, e) => ({ ...acc, [e]: (acc[e] ?? 0) + 1 }), {});

  async function register(account: string, password = "right123"): Promise<string> {
    const phone = `1371111${String(phones++).padStart(4, "0")}`;
    await post(0, "/api/login/sendsms", { phone });
    const answer = await post(1, "/api/login/reg", {
      account,
      password,
      password2: password,
      payPassword: "fund1234",
      payPassword2: "fund1234",
      eligible: "1",
      phone,
      smsCode: codes.get(phone)!,
      inviteCode: "DEMO88",
    });
    if (answer.body.code !== 1) throw new Error(`registration of ${account} failed: ${answer.body.msg}`);
    return answer.body.data.token as string;
  }

  beforeAll(async () => {
    const sms = { send: async (phone: string, code: string) => void codes.set(phone, code) };
    site = await startPostgresApps({
      now: () => clock.now,
      app: () => ({ sms, opsToken: "t", uploadsDir: join(tmpdir(), "trading-pg-uploads"), rateLimitScale: 100 }),
    });
    apps = site.apps;
  }, 90_000);
  afterAll(async () => {
    await site?.close();
  });

  it("concurrent guesses from three addresses lock those addresses only: the owner's address gets in and the session stays", async () => {
    const token = await register("pgowner1");
    const addresses = ["203.0.113.11", "203.0.113.12", "203.0.113.13"];
    const answers = await Promise.all(
      addresses.flatMap((address, a) => Array.from({ length: 8 }, (_, i) => login(a + i, "pgowner1", `guess${i}x${a}`, address))),
    );
    const counts = tally(answers);
    expect(counts.account_locked).toBeUndefined();
    expect(counts.wrong_password ?? 0).toBeLessThanOrEqual(addresses.length * (LOGIN_FAILURE_LIMIT - 1));
    expect((counts.wrong_password ?? 0) + (counts.login_locked ?? 0)).toBe(answers.length);
    for (const [a, address] of addresses.entries()) expect((await login(a, "pgowner1", "right123", address)).body.err).toBe("login_locked");
    expect(await me(0, token)).toBe(200);
    expect(await me(1, token)).toBe(200);
    expect((await login(1, "pgowner1", "right123", "198.51.100.70")).body.code).toBe(1);
    expect((await login(0, "pgowner1", "right123", "198.51.100.70")).body.code).toBe(1);
  });

  it("guesses spread over many addresses and both processes get no more than the per-name ceiling and end no session", async () => {
    const token = await register("pgowner2");
    const count = LOGIN_ACCOUNT_FAILURE_LIMIT + 20;
    const answers = await Promise.all(
      Array.from({ length: count }, (_, i) => login(i, "pgowner2", `guess${i}x`, `10.60.${i >> 8}.${(i & 255) + 1}`)),
    );
    const counts = tally(answers);
    expect(counts.wrong_password ?? 0).toBeLessThanOrEqual(LOGIN_ACCOUNT_FAILURE_LIMIT - 1);
    expect((counts.wrong_password ?? 0) + (counts.login_locked ?? 0)).toBe(count);
    expect((await login(0, "pgowner2", "right123", "198.51.100.71")).body.err).toBe("login_locked");
    expect(await me(1, token)).toBe(200);
  });

  it("an unknown name gets the answers and the lock of a real one, whichever process answers", async () => {
    await register("pgowner3");
    const burst = (account: string, address: string) =>
      Promise.all(Array.from({ length: 12 }, (_, i) => login(i, account, `guess${i}x`, address)));
    const known = tally(await burst("pgowner3", "10.61.0.1"));
    const unknown = tally(await burst("pgnobody3", "10.61.0.2"));
    expect(Object.keys(unknown).sort()).toEqual(["login_locked", "wrong_password"]);
    expect(unknown.wrong_password).toBeLessThanOrEqual(LOGIN_FAILURE_LIMIT - 1);
    expect(Object.keys(known).sort()).toEqual(Object.keys(unknown).sort());
  });

  it("guesses of the old login password from both processes get five tries at most", async () => {
    const token = await register("pgowner4", "first123");
    const change = (i: number, oldPassword: string) =>
      post(i, "/api/user/pwd_login", { oldPassword, password: "second123", password2: "second123" }, { token });
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => change(i, `guess${i}x`)));
    const counts = tally(answers);
    expect(counts.wrong_login_password ?? 0).toBeLessThanOrEqual(LOGIN_FAILURE_LIMIT - 1);
    expect((counts.wrong_login_password ?? 0) + (counts.login_locked ?? 0)).toBe(12);
    expect((await change(1, "first123")).body.err).toBe("login_locked");
    expect(await me(0, token)).toBe(200);
  });

  it("an answered exchange resent with other fund passwords from both processes counts every one and confirms none", async () => {
    const token = (await login(0, "demo", DEMO_PASSWORD, "10.62.0.1")).body.data.token as string;
    const requestId = rid();
    const exchange = (i: number, payPassword: string, id = requestId) =>
      post(i, "/api/user/exchange", { from: "cash", amount: "10", payPassword, requestId: id }, { token });
    const first = await exchange(0, DEMO_PAY_PASSWORD);
    expect(first.body.code).toBe(1);
    expect(await exchange(1, DEMO_PAY_PASSWORD)).toEqual(first);
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => exchange(i, `guess${i}x`)));
    const counts = tally(answers);
    expect(counts.ok).toBeUndefined();
    expect(counts.wrong_fund_password ?? 0).toBeLessThanOrEqual(LOGIN_FAILURE_LIMIT - 1);
    expect((counts.wrong_fund_password ?? 0) + (counts.fund_password_locked ?? 0)).toBe(12);
    // the lock holds for the resend with the right password and for a new request alike
    expect((await exchange(1, DEMO_PAY_PASSWORD)).body.err).toBe("fund_password_locked");
    expect((await exchange(0, DEMO_PAY_PASSWORD, rid())).body.err).toBe("fund_password_locked");
    const rows = (await site!.databases[0]!.db.execute("select count(*) as n from exchanges" as never)) as unknown as {
      rows: Array<{ n: string }>;
    };
    expect(Number(rows.rows[0]!.n)).toBe(1);
  });
});
