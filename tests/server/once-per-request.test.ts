import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { api, type Harness, rid, startHarness } from "./harness";
import { residentId } from "./resident-ids";
import { fieldsOf, userEndpoints } from "./security/every-endpoint";
import { type FundedUser, fundedUser, uploadPng } from "./security/funded-user";
import { stateFingerprint } from "./security/state-fingerprint";
import { presetMoneyRules, staff } from "./staff";

/**
 * Every money-moving or record-creating POST happens once per requestId: identical requests sent together (a
 * double click, a retry racing the original) act once and all get the first answer; the same requestId with
 * other values is refused; no requestId is invalid input. Effects are counted in the tables, not trusted from
 * the answers.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await presetMoneyRules(h, { windowStart: "00:00", windowEnd: "24:00", dailyCount: 100 });
  // a fund password change leaves no row of its own: this test's database counts each one (a fresh salt makes
  // every change a new hash, so a change done twice is two rows here)
  for (const statement of [
    "create table test_pay_password_changes (user_id integer not null)",
    `create function test_count_pay_password_change() returns trigger language plpgsql as $$
     begin
       insert into test_pay_password_changes (user_id) values (new.id);
       return new;
     end $$`,
    `create trigger test_pay_password_changes after update of pay_password_hash on users for each row
     when (old.pay_password_hash is distinct from new.pay_password_hash) execute function test_count_pay_password_change()`,
  ])
    await h.database.db.execute(statement as never);
}, 60_000);
afterAll(() => h.close());

const CONCURRENT = 50;
let accounts = 0;
const newUser = () => fundedUser(h, `once${String(accounts++).padStart(3, "0")}x`);

async function count(query: string): Promise<number> {
  const result = (await h.database.db.execute(query as never)) as unknown as { rows: Array<{ n: string | number }> };
  return Number(result.rows[0]!.n);
}
const userId = async (u: FundedUser): Promise<number> => (await api(h, "GET", "/api/user/index", {}, { token: u.token })).body.data.id;
const firstPlan = async (u: FundedUser): Promise<number> => (await api(h, "GET", "/api/user/yeb", {}, { token: u.token })).body.data[0].id;

async function subscription(u: FundedUser): Promise<number> {
  const joined = await api(
    h,
    "POST",
    "/api/user/yebjoinnow",
    { planId: String(await firstPlan(u)), amount: "500", payPassword: u.payPassword, requestId: rid() },
    { token: u.token },
  );
  if (joined.body.code !== 1) throw new Error(`join failed: ${joined.body.msg}`);
  return joined.body.data.id;
}

interface Case {
  path: string;
  /** the request's fields (without requestId), after any setup the action needs */
  prepare: (u: FundedUser) => Promise<Record<string, string>>;
  /** other values for the same requestId; null when the action has no fields to change */
  other: ((fields: Record<string, string>) => Record<string, string>) | null;
  /** rows that exist because the action was done, and how many one action adds */
  effect: (id: number) => string;
  delta: number;
  /** ledger rows one action writes */
  ledgerRows: number;
}

const cases: Record<string, Case> = {
  exchange: {
    path: "/api/user/exchange",
    prepare: async (u) => ({ from: "cash", amount: "10", payPassword: u.payPassword }),
    other: (f) => ({ ...f, amount: "11" }),
    effect: (id) => `select count(*) n from exchanges where user_id = ${id}`,
    delta: 1,
    ledgerRows: 2,
  },
  dorecharge: {
    path: "/api/user/dorecharge",
    prepare: async (u) => ({ channelId: "1", amount: "200", screenshot: await uploadPng(h, u.token) }),
    other: (f) => ({ ...f, amount: "300" }),
    effect: (id) => `select count(*) n from recharges where user_id = ${id}`,
    delta: 1,
    ledgerRows: 0,
  },
  cash: {
    path: "/api/user/cash",
    prepare: async (u) => ({ amount: "200", cardId: String(u.cardId), payPassword: u.payPassword }),
    other: (f) => ({ ...f, amount: "201" }),
    effect: (id) => `select count(*) n from withdrawals where user_id = ${id}`,
    delta: 1,
    ledgerRows: 2,
  },
  yebjoinnow: {
    path: "/api/user/yebjoinnow",
    prepare: async (u) => ({ planId: String(await firstPlan(u)), amount: "500", payPassword: u.payPassword }),
    other: (f) => ({ ...f, amount: "600" }),
    effect: (id) => `select count(*) n from subscriptions where user_id = ${id}`,
    delta: 1,
    ledgerRows: 2,
  },
  yebappend: {
    path: "/api/user/yebappend",
    prepare: async (u) => ({ id: String(await subscription(u)), amount: "100", payPassword: u.payPassword }),
    other: (f) => ({ ...f, amount: "50" }),
    effect: (id) => `select count(*) n from ledger where user_id = ${id} and reason = 'yuebao_append'`,
    delta: 2,
    ledgerRows: 2,
  },
  yebkeep: {
    path: "/api/user/yebkeep",
    prepare: async (u) => ({ id: String(await subscription(u)) }),
    other: (f) => ({ ...f, id: String(Number(f.id) + 1000) }),
    effect: (id) => `select count(*) n from subscriptions where user_id = ${id} and renew`,
    delta: 1,
    ledgerRows: 0,
  },
  yebstop: {
    path: "/api/user/yebstop",
    prepare: async (u) => ({ id: String(await subscription(u)), payPassword: u.payPassword }),
    other: (f) => ({ ...f, id: String(Number(f.id) + 1000) }),
    effect: (id) => `select count(*) n from ledger where user_id = ${id} and reason = 'yuebao_stop'`,
    delta: 2,
    ledgerRows: 2,
  },
  add_card: {
    path: "/api/user/add_card",
    prepare: async (u) => ({
      type: "alipay",
      bankName: "Alipay",
      number: `ali${Date.now()}${accounts}`,
      holder: "Once",
      payPassword: u.payPassword,
    }),
    other: (f) => ({ ...f, number: `${f.number}9` }),
    effect: (id) => `select count(*) n from bank_cards where user_id = ${id}`,
    delta: 1,
    ledgerRows: 0,
  },
  del_card: {
    path: "/api/user/del_card",
    prepare: async (u) => ({ id: String(u.cardId), payPassword: u.payPassword }),
    other: (f) => ({ ...f, id: String(Number(f.id) + 1000) }),
    effect: (id) => `select count(*) n from bank_cards where user_id = ${id}`,
    delta: -1,
    ledgerRows: 0,
  },
  practice_reset: {
    path: "/api/user/practice_reset",
    prepare: async () => ({}),
    other: null,
    // a fresh customer's first reset opens the practice balance: one line, never two
    effect: (id) => `select count(*) n from ledger where user_id = ${id} and account = 'practice'`,
    delta: 1,
    ledgerRows: 1,
  },
  signin: {
    path: "/api/user/signin",
    prepare: async () => ({}),
    other: null,
    effect: (id) => `select count(*) n from signins where user_id = ${id}`,
    delta: 1,
    ledgerRows: 1,
  },
  certification: {
    path: "/api/user/certification",
    prepare: async () => ({ name: "Once Person", idNumber: residentId("19900101", accounts), agree: "1" }),
    other: (f) => ({ ...f, name: "Other Person" }),
    effect: (id) => `select count(*) n from verifications where user_id = ${id}`,
    delta: 1,
    ledgerRows: 0,
  },
  limits: {
    path: "/api/user/limits",
    prepare: async () => ({ maxTurnover1d: "500" }),
    other: (f) => ({ ...f, maxTurnover1d: "400" }),
    effect: (id) => `select count(*) n from user_limits where user_id = ${id}`,
    delta: 1,
    ledgerRows: 0,
  },
  support_send: {
    path: "/api/user/support_send",
    prepare: async () => ({ text: "Is my recharge on its way?" }),
    other: (f) => ({ ...f, text: "Another question" }),
    effect: (id) => `select count(*) n from support_lines where user_id = ${id}`,
    delta: 1,
    ledgerRows: 0,
  },
  pwd_pay: {
    path: "/api/user/pwd_pay",
    prepare: async (u) => ({ oldPayPassword: u.payPassword, payPassword: "newfund99", payPassword2: "newfund99" }),
    other: (f) => ({ ...f, payPassword: "otherfund7", payPassword2: "otherfund7" }),
    effect: (id) => `select count(*) n from test_pay_password_changes where user_id = ${id}`,
    delta: 1,
    ledgerRows: 0,
  },
};

describe.each(Object.entries(cases))("%s", (name, c) => {
  it(`${CONCURRENT} identical concurrent POSTs act once and all get the first answer`, async () => {
    const u = await newUser();
    const id = await userId(u);
    const fields = await c.prepare(u);
    const requestId = rid(name);
    const effectBefore = await count(c.effect(id));
    const ledgerBefore = await count(`select count(*) n from ledger where user_id = ${id}`);

    const answers = await Promise.all(
      Array.from({ length: CONCURRENT }, () => api(h, "POST", c.path, { ...fields, requestId }, { token: u.token })),
    );
    const first = answers[0]!;
    expect(first.body.code, JSON.stringify(first.body)).toBe(1);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(first.body);
    }
    expect(await count(c.effect(id))).toBe(effectBefore + c.delta);
    expect(await count(`select count(*) n from ledger where user_id = ${id}`)).toBe(ledgerBefore + c.ledgerRows);
    expect(await count(`select count(*) n from request_claims where user_id = ${id} and request_id = '${requestId}'`)).toBe(1);

    // a retry long after is answered the same, and still does nothing
    h.clock.now += 60;
    const later = await api(h, "POST", c.path, { ...fields, requestId }, { token: u.token });
    expect(later.body).toEqual(first.body);
    expect(await count(`select count(*) n from ledger where user_id = ${id}`)).toBe(ledgerBefore + c.ledgerRows);
  });

  if (c.other) {
    const other = c.other;
    it("the same requestId with other values is refused with request_reused and changes nothing", async () => {
      const u = await newUser();
      const fields = await c.prepare(u);
      const requestId = rid(name);
      expect((await api(h, "POST", c.path, { ...fields, requestId }, { token: u.token })).body.code).toBe(1);
      const before = await stateFingerprint(h);
      const reused = await api(h, "POST", c.path, { ...other(fields), requestId }, { token: u.token, language: "de" });
      expect(reused.status).toBe(409);
      expect(reused.body).toMatchObject({ code: 0, err: "request_reused", data: null });
      expect(reused.body.msg).not.toMatch(/request number was already used/i);
      expect(await stateFingerprint(h)).toEqual(before);
    });
  }

  it("a missing or malformed requestId is invalid input and changes nothing", async () => {
    const u = await newUser();
    const fields = await c.prepare(u);
    const before = await stateFingerprint(h);
    const missing = await api(h, "POST", c.path, fields, { token: u.token });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 0, err: "invalid_input", msg: "Request number is invalid" });
    for (const bad of ["short", "has space in it", "x".repeat(65), "semi;colon-1234"]) {
      const malformed = await api(h, "POST", c.path, { ...fields, requestId: bad }, { token: u.token });
      expect(malformed.body, bad).toMatchObject({ code: 0, err: "invalid_input" });
    }
    expect(await stateFingerprint(h)).toEqual(before);
  });
});

describe("request claims", () => {
  it("every user POST that acts takes a requestId, and each is checked above (orders in trading.test.ts)", () => {
    // these change nothing a retry could double: a session ended, a password replaced, a message marked read,
    // a star set on or off (the request names the state, not a toggle), a stream ticket (each opens one stream
    // once and is gone within 30 s; a retry's spare ticket opens nothing), the language the customer reads in
    // (the request names it, so a retry sets the same one), the two-step sign-in's switches (a resent setup makes
    // a new secret not yet in force; a resent confirmation or switch-off meets its code already used) and ending
    // sessions (a resent end finds them gone), a device's push subscription stored or removed (the endpoint is
    // unique: the request names the state it leaves), and the support chat's read mark (the request names the line
    // read up to)
    const noEffectToRepeat = new Set([
      "/api/login/logout",
      "/api/user/pwd_login",
      "/api/user/msg",
      "/api/user/favourite",
      "/api/user/stream_ticket",
      "/api/user/language",
      "/api/user/totp_setup",
      "/api/user/totp_enable",
      "/api/user/totp_disable",
      "/api/user/sessions_end",
      "/api/user/push_subscribe",
      "/api/user/push_unsubscribe",
      "/api/user/support_read",
    ]);
    const acting = userEndpoints.filter((spec) => spec.auth === "user" && spec.method === "POST" && !noEffectToRepeat.has(spec.path));
    for (const spec of acting) expect(fieldsOf(spec.request), spec.path).toContain("requestId");
    expect(acting.map((spec) => spec.path).sort()).toEqual([...Object.values(cases).map((c) => c.path), "/api/user/addorder"].sort());
  });

  it("a refused request leaves no claim: the corrected retry with the same requestId acts", async () => {
    const u = await newUser();
    const requestId = rid("corrected");
    const before = await stateFingerprint(h);
    const wrong = await api(
      h,
      "POST",
      "/api/user/exchange",
      { from: "cash", amount: "10", payPassword: "wrong999", requestId },
      { token: u.token },
    );
    expect(wrong.body.err).toBe("wrong_fund_password");
    const tooMuch = await api(
      h,
      "POST",
      "/api/user/exchange",
      { from: "cash", amount: "999999", payPassword: u.payPassword, requestId },
      { token: u.token },
    );
    expect(tooMuch.body.err).toBe("balance_insufficient");
    expect(await stateFingerprint(h)).toEqual(before);
    const right = await api(
      h,
      "POST",
      "/api/user/exchange",
      { from: "cash", amount: "10", payPassword: u.payPassword, requestId },
      { token: u.token },
    );
    expect(right.body.code).toBe(1);
  });

  it("a requestId belongs to one user and one action", async () => {
    const alice = await newUser();
    const bob = await newUser();
    const requestId = rid("shared");
    const fields = { from: "cash", amount: "10" };
    const hers = await api(
      h,
      "POST",
      "/api/user/exchange",
      { ...fields, payPassword: alice.payPassword, requestId },
      { token: alice.token },
    );
    const his = await api(h, "POST", "/api/user/exchange", { ...fields, payPassword: bob.payPassword, requestId }, { token: bob.token });
    expect(hers.body.code).toBe(1);
    expect(his.body.code).toBe(1);
    const bobId = await userId(bob);
    expect(await count(`select count(*) n from exchanges where user_id = ${bobId}`)).toBe(1);
    // the same key on another of Alice's actions is a different claim
    const signed = await api(h, "POST", "/api/user/signin", { requestId }, { token: alice.token });
    expect(signed.body.code).toBe(1);
  });

  it("stores no fund password in the clear", async () => {
    const u = await newUser();
    await api(
      h,
      "POST",
      "/api/user/exchange",
      { from: "cash", amount: "10", payPassword: u.payPassword, requestId: rid() },
      { token: u.token },
    );
    const rows = (await h.database.db.execute("select fingerprint, answer from request_claims" as never)) as unknown as {
      rows: Array<{ fingerprint: string; answer: string }>;
    };
    expect(rows.rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows.rows)).not.toContain(u.payPassword);
  });
});

describe("removing a card", () => {
  it("removes only the user's own card, with the fund password, and answers the remaining cards", async () => {
    const alice = await newUser();
    const bob = await newUser();
    const asBob = await api(
      h,
      "POST",
      "/api/user/del_card",
      { id: String(alice.cardId), payPassword: bob.payPassword, requestId: rid() },
      { token: bob.token },
    );
    expect(asBob.body).toMatchObject({ code: 0, err: "card_not_found" });
    const wrong = await api(
      h,
      "POST",
      "/api/user/del_card",
      { id: String(alice.cardId), payPassword: "wrong999", requestId: rid() },
      { token: alice.token },
    );
    expect(wrong.body).toMatchObject({ code: 0, err: "wrong_fund_password" });
    const removed = await api(
      h,
      "POST",
      "/api/user/del_card",
      { id: String(alice.cardId), payPassword: alice.payPassword, requestId: rid() },
      { token: alice.token, language: "en" },
    );
    expect(removed.body).toMatchObject({ code: 1, msg: "Deleted", data: [] });
    expect((await api(h, "GET", "/api/user/bank_card", {}, { token: alice.token })).body.data).toEqual([]);
  });

  it("keeps a card with a withdrawal under review, and removes it once the review is done", async () => {
    const u = await newUser();
    const asked = await api(
      h,
      "POST",
      "/api/user/cash",
      { amount: "200", cardId: String(u.cardId), payPassword: u.payPassword, requestId: rid() },
      { token: u.token },
    );
    expect(asked.body.code).toBe(1);
    const before = await stateFingerprint(h);
    const inUse = await api(
      h,
      "POST",
      "/api/user/del_card",
      { id: String(u.cardId), payPassword: u.payPassword, requestId: rid() },
      { token: u.token },
    );
    expect(inUse.status).toBe(409);
    expect(inUse.body).toMatchObject({ code: 0, err: "card_in_use" });
    expect(await stateFingerprint(h)).toEqual(before);
    const reviewed = await api(
      h,
      "POST",
      "/api/ops/withdrawal/review",
      { id: String(asked.body.data.id), decision: "approve" },
      await staff(h, "finance"),
    );
    expect(reviewed.body.code).toBe(1);
    const removed = await api(
      h,
      "POST",
      "/api/user/del_card",
      { id: String(u.cardId), payPassword: u.payPassword, requestId: rid() },
      { token: u.token },
    );
    expect(removed.body.code).toBe(1);
    // the withdrawal stays in the user's records
    expect((await api(h, "GET", "/api/user/cash_record", {}, { token: u.token })).body.data.items).toHaveLength(1);
  });
});
