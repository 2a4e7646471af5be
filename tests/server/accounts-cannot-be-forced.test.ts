import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { LOGIN_ACCOUNT_FAILURE_LIMIT } from "#contract/constants";

import { api, type Harness, OPS_TOKEN, registerUser, rid, startHarness } from "./harness";
import { fundedUser } from "./security/funded-user";
import { presetMoneyRules } from "./staff";

/**
 * Passwords cannot be guessed faster than the rules allow, by sending guesses one after another or all at
 * once, and the rules cannot be turned against the owner: the fund password locks money actions after five
 * wrong tries, login locks the guessing address (and, far later, the name from every address) but never the account nor its sessions, and case or card-number
 * look-alikes cannot be registered to squat someone else's. (The PostgreSQL half is in
 * accounts-cannot-be-forced-postgres.test.ts.)
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await presetMoneyRules(h, { windowStart: "00:00", windowEnd: "24:00" });
});
afterAll(() => h.close());

type Reply = { status: number; body: { code: number; msg: string; err?: string; data: any } };
const post = (
  path: string,
  payload: Record<string, string>,
  headers: Record<string, string> = {},
  remoteAddress?: string,
): Promise<Reply> =>
  // money actions are once-only per requestId: each call here is a new submission
  h.app
    .inject({ method: "POST", url: path, payload: { requestId: rid(), ...payload }, headers, remoteAddress })
    .then((r) => ({ status: r.statusCode, body: r.json() }));
const login = (account: string, password: string, remoteAddress = "127.0.0.1") =>
  post("/api/login/index", { account, password }, {}, remoteAddress);
const me = (token: string) => api(h, "GET", "/api/user/index", {}, { token });
const cashOf = async (token: string) => (await me(token)).body.data.cash as string;
const errs = (replies: Reply[]) => replies.map((r) => r.body.err ?? "ok");
const tally = (replies: Reply[]) => errs(replies).reduce<Record<string, number>>((acc, e) => ({ ...acc, [e]: (acc[e] ?? 0) + 1 }), {});

describe("fund password", () => {
  const exchange = (token: string, payPassword: string) =>
    post("/api/user/exchange", { from: "cash", amount: "10", payPassword }, { token });

  it("five wrong tries lock money actions for 15 minutes; the right one is refused during the lock and accepted after", async () => {
    const user = await fundedUser(h, "fundlock01", "1000");
    const wrong = [];
    for (let i = 0; i < 5; i++) wrong.push(await exchange(user.token, `wrong${i}99`));
    expect(errs(wrong)).toEqual([
      "wrong_fund_password",
      "wrong_fund_password",
      "wrong_fund_password",
      "wrong_fund_password",
      "fund_password_locked",
    ]);
    expect(wrong[4]).toMatchObject({ status: 403, body: { msg: "Too many wrong fund passwords, try again in 15 minutes" } });
    // sixty more guesses change nothing, and the right password does not get through while locked
    for (let i = 0; i < 60; i++) expect((await exchange(user.token, `more${i}99`)).body.err).toBe("fund_password_locked");
    expect((await exchange(user.token, user.payPassword)).body.err).toBe("fund_password_locked");
    expect(await cashOf(user.token)).toBe("1000.00");
    h.clock.now += 5 * 60;
    expect((await exchange(user.token, user.payPassword)).body.msg).toBe("Too many wrong fund passwords, try again in 10 minutes");
    h.clock.now += 10 * 60;
    expect((await exchange(user.token, user.payPassword)).body.code).toBe(1);
    expect(await cashOf(user.token)).toBe("990.00");
  });

  it("is one count for every action that asks for it: exchange, withdrawal, plans, card binding and the fund password change", async () => {
    const user = await fundedUser(h, "fundlock02", "1000");
    const [plan] = (await api(h, "GET", "/api/user/yeb", {}, { token: user.token })).body.data as Array<{ id: number }>;
    const attempts = [
      () => exchange(user.token, "bad00001"),
      () => post("/api/user/cash", { amount: "200", cardId: String(user.cardId), payPassword: "bad00002" }, { token: user.token }),
      () => post("/api/user/yebjoinnow", { planId: String(plan!.id), amount: "100", payPassword: "bad00003" }, { token: user.token }),
      () =>
        post(
          "/api/user/add_card",
          { type: "bank", bankName: "B", number: "6222999988887776", payPassword: "bad00004" },
          { token: user.token },
        ),
      () =>
        post("/api/user/pwd_pay", { oldPayPassword: "bad00005", payPassword: "new12345", payPassword2: "new12345" }, { token: user.token }),
    ];
    const answers = [];
    for (const attempt of attempts) answers.push(await attempt());
    expect(errs(answers)).toEqual([
      "wrong_fund_password",
      "wrong_fund_password",
      "wrong_fund_password",
      "wrong_fund_password",
      "fund_password_locked",
    ]);
    // each of them is now locked, with the right password too
    expect(
      (
        await post(
          "/api/user/pwd_pay",
          { oldPayPassword: user.payPassword, payPassword: "new12345", payPassword2: "new12345" },
          { token: user.token },
        )
      ).body.err,
    ).toBe("fund_password_locked");
    expect(
      (
        await post(
          "/api/user/add_card",
          { type: "bank", bankName: "B", number: "6222999988887776", payPassword: user.payPassword },
          { token: user.token },
        )
      ).body.err,
    ).toBe("fund_password_locked");
    expect(
      (await post("/api/user/cash", { amount: "200", cardId: String(user.cardId), payPassword: user.payPassword }, { token: user.token }))
        .body.err,
    ).toBe("fund_password_locked");
    expect(await cashOf(user.token)).toBe("1000.00");
  });

  it("the right password clears the count", async () => {
    const user = await fundedUser(h, "fundlock03", "1000");
    for (let i = 0; i < 4; i++) expect((await exchange(user.token, "typo1234")).body.err).toBe("wrong_fund_password");
    expect((await exchange(user.token, user.payPassword)).body.code).toBe(1);
    for (let i = 0; i < 4; i++) expect((await exchange(user.token, "typo1234")).body.err).toBe("wrong_fund_password");
    expect((await exchange(user.token, user.payPassword)).body.code).toBe(1);
  });

  it("40 concurrent guesses get five tries at most, and the right one among them is refused once locked", async () => {
    const user = await fundedUser(h, "fundlock04", "1000");
    const guesses = [...Array.from({ length: 39 }, (_, i) => `guess${i}x`), user.payPassword];
    const answers = await Promise.all(guesses.map((guess) => exchange(user.token, guess)));
    const counts = tally(answers);
    // four wrong answers and the fifth that locks; the rest were refused without being checked
    expect(counts.wrong_fund_password).toBeLessThanOrEqual(4);
    expect(counts.ok).toBeUndefined();
    expect(answers.at(-1)!.body.err).toBe("fund_password_locked");
    expect(await cashOf(user.token)).toBe("1000.00");
  });

  it("a burst of right passwords (a double tap, a retried form) all pass and lock nobody out", async () => {
    const user = await fundedUser(h, "fundlock05", "1000");
    const answers = await Promise.all(Array.from({ length: 12 }, () => exchange(user.token, user.payPassword)));
    expect(tally(answers)).toEqual({ ok: 12 });
    expect((await exchange(user.token, "typo1234")).body.err).toBe("wrong_fund_password");
  });

  it("binding a card asks for the fund password", async () => {
    const { token } = await registerUser(h, "fundcard01", "login123", "fund1234");
    const card = { type: "bank", bankName: "Example Bank", number: "6222000011110003" };
    expect((await post("/api/user/add_card", card, { token: token! })).body).toMatchObject({
      err: "field_required",
      msg: "Fund password is required",
    });
    expect((await post("/api/user/add_card", { ...card, payPassword: "nope1234" }, { token: token! })).body.err).toBe(
      "wrong_fund_password",
    );
    expect((await api(h, "GET", "/api/user/bank_card", {}, { token: token! })).body.data).toEqual([]);
    expect((await post("/api/user/add_card", { ...card, payPassword: "fund1234" }, { token: token! })).body.code).toBe(1);
  });
});

describe("login", () => {
  it("40 concurrent guesses from one address get five tries at most and never confirm the right password once locked", async () => {
    await registerUser(h, "burst001", "right123");
    const guesses = [...Array.from({ length: 39 }, (_, i) => `guess${i}x`), "right123"];
    const answers = await Promise.all(guesses.map((guess) => login("burst001", guess, "10.1.0.1")));
    const counts = tally(answers);
    expect(counts.wrong_password).toBeLessThanOrEqual(4);
    expect(counts.ok).toBeUndefined();
    expect(answers.at(-1)!.body.err).toBe("login_locked");
    expect((counts.wrong_password ?? 0) + (counts.login_locked ?? 0)).toBe(40);
  });

  it("a burst of right passwords from one address (two tabs, a double tap) all get in and lock nothing", async () => {
    await registerUser(h, "burst003", "right123");
    const answers = await Promise.all(Array.from({ length: 16 }, () => login("burst003", "right123", "10.1.0.3")));
    expect(tally(answers)).toEqual({ ok: 16 });
    expect((await login("burst003", "wrong999", "10.1.0.3")).body.err).toBe("wrong_password");
  });

  it("concurrent guesses from many addresses get no more than the per-name ceiling of tries and end no session", async () => {
    const { token } = await registerUser(h, "burst002", "right123");
    const count = LOGIN_ACCOUNT_FAILURE_LIMIT + 20;
    const guesses = [...Array.from({ length: count - 1 }, (_, i) => `guess${i}x`), "right123"];
    const answers = await Promise.all(guesses.map((guess, i) => login("burst002", guess, `10.2.${i >> 8}.${(i & 255) + 1}`)));
    const counts = tally(answers);
    expect(counts.wrong_password ?? 0).toBeLessThanOrEqual(LOGIN_ACCOUNT_FAILURE_LIMIT - 1);
    expect(counts.ok).toBeUndefined();
    expect((counts.wrong_password ?? 0) + (counts.login_locked ?? 0)).toBe(count);
    expect(answers.at(-1)!.body.err).toBe("login_locked");
    expect((await me(token!)).body.code).toBe(1);
  });

  it("an attacker's address locks itself out while the owner logs in from another", async () => {
    const { token } = await registerUser(h, "victim01", "right123");
    const attacker = [];
    for (let i = 0; i < 8; i++) attacker.push(await login("victim01", "wrong123", "203.0.113.9"));
    expect(errs(attacker)).toEqual([
      "wrong_password",
      "wrong_password",
      "wrong_password",
      "wrong_password",
      ...Array(4).fill("login_locked"),
    ]);
    expect(attacker[4]).toMatchObject({ status: 403, body: { msg: "Too many wrong passwords, try again in 15 minutes" } });
    // the right password from the attacker's address is refused as well
    expect((await login("victim01", "right123", "203.0.113.9")).body.err).toBe("login_locked");
    // the owner, elsewhere, is not affected and keeps the session already open
    expect((await login("victim01", "right123", "198.51.100.7")).body.code).toBe(1);
    expect((await me(token!)).body.code).toBe(1);
    const shown = await api(h, "GET", "/api/ops/user", { account: "victim01" }, { "ops-token": OPS_TOKEN });
    expect(shown.body.data.locked).toBe(false);
  });

  it("the right password clears its own address's count", async () => {
    await registerUser(h, "typo0001", "right123");
    for (let i = 0; i < 4; i++) expect((await login("typo0001", "wrong123", "10.3.0.1")).body.err).toBe("wrong_password");
    expect((await login("typo0001", "right123", "10.3.0.1")).body.code).toBe(1);
    for (let i = 0; i < 4; i++) expect((await login("typo0001", "wrong123", "10.3.0.1")).body.err).toBe("wrong_password");
    expect((await login("typo0001", "right123", "10.3.0.1")).body.code).toBe(1);
  });

  it("an address's lock times out after 15 minutes", async () => {
    await registerUser(h, "timeout1", "right123");
    for (let i = 0; i < 5; i++) await login("timeout1", "wrong123", "10.6.0.1");
    h.clock.now += 10 * 60;
    expect((await login("timeout1", "right123", "10.6.0.1")).body).toMatchObject({
      err: "login_locked",
      msg: "Too many wrong passwords, try again in 5 minutes",
    });
    h.clock.now += 5 * 60;
    expect((await login("timeout1", "right123", "10.6.0.1")).body.code).toBe(1);
  });

  it("the operator's unlock clears the per-name ceiling and every address's lock", async () => {
    await registerUser(h, "unlock01", "right123");
    // the ceiling as many addresses' guesses leave it (reaching it for real is in account-attacks.test.ts)
    await h.database.db.execute(
      `insert into login_guards (account, address, tries, since) values ('unlock01', '*', ${LOGIN_ACCOUNT_FAILURE_LIMIT}, ${h.clock.now})` as never,
    );
    for (let i = 0; i < 5; i++) await login("unlock01", "wrong123", "10.7.0.1");
    expect((await login("unlock01", "right123", "10.7.0.2")).body.err).toBe("login_locked");
    const unlocked = await api(h, "POST", "/api/ops/unlock", { account: "unlock01" }, { "ops-token": OPS_TOKEN });
    expect(unlocked.body.code).toBe(1);
    expect((await login("unlock01", "right123", "10.7.0.2")).body.code).toBe(1);
    // the address that was locked before gets in too
    expect((await login("unlock01", "right123", "10.7.0.1")).body.code).toBe(1);

    await registerUser(h, "unlock02", "right123");
    for (let i = 0; i < 5; i++) await login("unlock02", "wrong123", "10.7.1.1");
    expect((await login("unlock02", "right123", "10.7.1.1")).body.err).toBe("login_locked");
    await api(h, "POST", "/api/ops/unlock", { account: "unlock02" }, { "ops-token": OPS_TOKEN });
    expect((await login("unlock02", "right123", "10.7.1.1")).body.code).toBe(1);
  });

  it("the account is looked up whatever the letter case", async () => {
    await registerUser(h, "CaseUser1", "right123");
    expect((await login("caseuser1", "right123")).body.data.user.account).toBe("CaseUser1");
    expect((await login("CASEUSER1", "right123")).body.data.user.account).toBe("CaseUser1");
    expect((await registerUser(h, "caseUSER1")).answer.body.err).toBe("account_exists");
  });
});

describe("bank cards", () => {
  it("two users can bind the same number; one user cannot bind it twice", async () => {
    const first = await registerUser(h, "cardown01", "login123", "fund1234");
    const second = await registerUser(h, "cardown02", "login123", "fund1234");
    const card = { type: "bank", bankName: "Example Bank", number: "6222 1234 5678 9014", payPassword: "fund1234" };
    expect((await post("/api/user/add_card", card, { token: first.token! })).body.code).toBe(1);
    expect((await post("/api/user/add_card", card, { token: second.token! })).body.code).toBe(1);
    const again = await post("/api/user/add_card", { ...card, number: "6222123456789014" }, { token: first.token! });
    expect(again.body).toMatchObject({ err: "card_exists", msg: "Bank card number already exists" });
    for (const { token } of [first, second])
      expect((await api(h, "GET", "/api/user/bank_card", {}, { token: token! })).body.data).toHaveLength(1);
  });
});

describe("the case-insensitive account index", () => {
  it("names the clashing accounts instead of failing on the index", async () => {
    const migrations = fileURLToPath(new URL("../../server/db/migrations", import.meta.url));
    const dir = mkdtempSync(join(tmpdir(), "trading-migrations-"));
    try {
      // the migrations before the index, then two accounts that differ only in letter case
      cpSync(migrations, dir, { recursive: true });
      const journalPath = join(dir, "meta", "_journal.json");
      const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: Array<{ tag: string }> };
      const upTo = journal.entries.findIndex((entry) => entry.tag.endsWith("_account_guards"));
      writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }));
      const { PGlite } = await import("@electric-sql/pglite");
      const { drizzle } = await import("drizzle-orm/pglite");
      const { migrate } = await import("drizzle-orm/pglite/migrator");
      const client = new PGlite();
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: dir });
      for (const account of ["Alice", "alice", "Bob", "ALICE"])
        await client.query(`insert into users (account, password_hash, phone, invite_code, created_at) values ($1, 'x', '1', $2, 0)`, [
          account,
          `I${account}`,
        ]);
      writeFileSync(journalPath, JSON.stringify(journal));
      const failure = await migrate(db, { migrationsFolder: dir }).then(
        () => "migrated",
        (error: { message: string; cause?: { message?: string } }) => `${error.message} ${error.cause?.message ?? ""}`,
      );
      expect(failure).toMatch(/letter case.*Alice \(id 1\), alice \(id 2\), ALICE \(id 4\)/s);
      await client.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
