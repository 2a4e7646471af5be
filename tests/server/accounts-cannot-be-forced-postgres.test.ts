import { tmpdir } from "node:os";
import { join } from "node:path";

import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { rid } from "./harness";
import { type PostgresApps, startPostgresApps } from "./postgres-pair";
import { registrationForm } from "./registration-form";

/**
 * The limits of accounts-cannot-be-forced.test.ts on a real PostgreSQL, where requests run on a pool of
 * connections at the same time (PGlite runs one statement after another): concurrent guesses get no extra
 * tries, and "Foo" and "foo" registered at the same moment make one account.
 */
describe("accounts that cannot be forced, on PostgreSQL", () => {
  let site: PostgresApps | undefined;
  let app: FastifyInstance;
  const clock = { now: 1_800_000_000 };
  const codes = new Map<string, string>();
  let phones = 0;

  type Reply = { status: number; body: { code: number; msg: string; err?: string; data: any } };
  const post = (
    url: string,
    payload: Record<string, string>,
    headers: Record<string, string> = {},
    remoteAddress?: string,
  ): Promise<Reply> =>
    // money actions are once-only per requestId: each call here is a new submission
    app
      .inject({ method: "POST", url, payload: { requestId: rid(), ...payload }, headers, remoteAddress })
      .then((r) => ({ status: r.statusCode, body: r.json() }));
  const tally = (replies: Reply[]) =>
    replies.map((r) => r.body.err ?? "ok").reduce<Record<string, number>>((acc, e) => ({ ...acc, [e]: (acc[e] ?? 0) + 1 }), {});

  async function register(account: string, password = "right123", payPassword = "fund1234"): Promise<Reply> {
    const phone = `1370000${String(phones++).padStart(4, "0")}`;
    await post("/api/login/sendsms", { phone });
    return post("/api/login/reg", registrationForm({ account, password, payPassword, phone, smsCode: codes.get(phone)! }));
  }

  beforeAll(async () => {
    const sms = { send: async (phone: string, code: string) => void codes.set(phone, code) };
    site = await startPostgresApps({
      count: 1,
      now: () => clock.now,
      seed: { products: true },
      backfillMinuteDays: 0.01,
      openFeed: true,
      app: () => ({ sms, opsToken: "t", uploadsDir: join(tmpdir(), "trading-pg-uploads"), rateLimitScale: 100 }),
    });
    app = site.apps[0]!;
  }, 60_000);
  afterAll(async () => {
    await site?.close();
  });

  it("40 concurrent login guesses from one address get five tries at most, and the right one is not confirmed once locked", async () => {
    expect((await register("pgburst1")).body.code).toBe(1);
    const guesses = [...Array.from({ length: 39 }, (_, i) => `guess${i}x`), "right123"];
    const answers = await Promise.all(
      guesses.map((guess) => post("/api/login/index", { account: "pgburst1", password: guess }, {}, "10.9.0.1")),
    );
    const counts = tally(answers);
    expect(counts.wrong_password ?? 0).toBeLessThanOrEqual(4);
    expect(counts.ok).toBeUndefined();
    expect((counts.wrong_password ?? 0) + (counts.login_locked ?? 0)).toBe(40);
    expect((await post("/api/login/index", { account: "pgburst1", password: "right123" }, {}, "10.9.0.1")).body.err).toBe("login_locked");
  });

  it("40 concurrent fund-password guesses get five tries at most, and the right one is refused once locked", async () => {
    const registered = await register("pgburst2");
    const token = registered.body.data.token as string;
    const guesses = [...Array.from({ length: 39 }, (_, i) => `guess${i}x`), "fund1234"];
    // no money is needed: the fund password is checked before the balance
    const answers = await Promise.all(
      guesses.map((payPassword) => post("/api/user/exchange", { from: "cash", amount: "10", payPassword }, { token })),
    );
    const counts = tally(answers);
    expect(counts.wrong_fund_password ?? 0).toBeLessThanOrEqual(4);
    expect((counts.wrong_fund_password ?? 0) + (counts.fund_password_locked ?? 0)).toBe(40);
    expect((await post("/api/user/exchange", { from: "cash", amount: "10", payPassword: "fund1234" }, { token })).body.err).toBe(
      "fund_password_locked",
    );
  });

  it("15 rounds of concurrent registrations of Foo and foo each make exactly one account", async () => {
    for (let round = 0; round < 15; round++) {
      const answers = await Promise.all([register(`Foo${round}x`), register(`foo${round}x`)]);
      const outcomes = answers.map((a) => a.body.err ?? "ok").sort();
      expect(outcomes, `round ${round}`).toEqual(["account_exists", "ok"]);
      const winner = answers.find((a) => a.body.code === 1)!.body.data.user.account as string;
      const login = await post("/api/login/index", { account: `FOO${round}X`, password: "right123" });
      expect(login.body.data.user.account).toBe(winner);
    }
  });
});
