import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { LOGIN_ACCOUNT_FAILURE_LIMIT, LOGIN_FAILURE_LIMIT } from "#contract/constants";

import { api, freshPhone, type Harness, OPS_TOKEN, registerUser, rid, startHarness } from "./harness";
import { fundedUser } from "./security/funded-user";

/**
 * The customer-account attacks of the platform review, each tried against the running app: a
 * stranger locking a customer out and ending their sessions, telling existing names from unknown ones at
 * login or registration, guessing the old login password through a stolen session, and testing fund
 * passwords by resending an answered requestId. (The PostgreSQL half is in account-attacks-postgres.test.ts.)
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await api(h, "POST", "/api/ops/money-rules", { window: "00:00-24:00", dailyCount: "100" }, { "ops-token": OPS_TOKEN });
}, 60_000);
afterAll(() => h.close());

type Reply = { status: number; body: { code: number; msg: string; err?: string; data: any } };
const post = (path: string, payload: Record<string, string>, headers: Record<string, string> = {}, remoteAddress?: string) =>
  h.app
    .inject({ method: "POST", url: path, payload, headers, remoteAddress })
    .then((r): Reply => ({ status: r.statusCode, body: r.json() }));
const login = (account: string, password: string, remoteAddress: string, headers: Record<string, string> = {}) =>
  post("/api/login/index", { account, password }, headers, remoteAddress);
const me = (token: string) => api(h, "GET", "/api/user/index", {}, { token });
const errs = (replies: Reply[]) => replies.map((r) => r.body.err ?? "ok");

describe("a stranger cannot lock a customer out or end their sessions", () => {
  it("wrong passwords from three addresses lock those addresses only: the owner's address still logs in and the session stays", async () => {
    const { token } = await registerUser(h, "owner001", "right123");
    const answers: Reply[] = [];
    for (const address of ["203.0.113.1", "203.0.113.2", "203.0.113.3"])
      for (let i = 0; i < 8; i++) answers.push(await login("owner001", "wrong123", address));
    expect(answers.filter((a) => a.body.err === "account_locked")).toEqual([]);
    expect(errs(answers.slice(0, 8))).toEqual([...Array(4).fill("wrong_password"), ...Array(4).fill("login_locked")]);
    // each guessing address is locked out, even with the right password
    expect((await login("owner001", "right123", "203.0.113.2")).body.err).toBe("login_locked");
    // the owner's live session was not ended, and the owner's own address gets in
    expect((await me(token!)).body.code).toBe(1);
    expect((await login("owner001", "right123", "198.51.100.7")).body.code).toBe(1);
    const shown = await api(h, "GET", "/api/ops/user", { account: "owner001" }, { "ops-token": OPS_TOKEN });
    expect(shown.body.data.locked).toBe(false);
  });

  it("the per-account ceiling over every address refuses further logins for a window but never ends a session", async () => {
    const { token } = await registerUser(h, "owner002", "right123");
    const perAddress = LOGIN_FAILURE_LIMIT - 1;
    const addresses = Math.ceil(LOGIN_ACCOUNT_FAILURE_LIMIT / perAddress);
    const answers: Reply[] = [];
    for (let a = 0; a < addresses; a++)
      for (let i = 0; i < perAddress; i++) answers.push(await login("owner002", "wrong123", `10.40.${a >> 8}.${a & 255}`));
    const wrong = answers.filter((a) => a.body.err === "wrong_password").length;
    expect(wrong).toBe(LOGIN_ACCOUNT_FAILURE_LIMIT - 1);
    expect(answers[LOGIN_ACCOUNT_FAILURE_LIMIT - 1]!.body.err).toBe("login_locked");
    expect(errs(answers).filter((e) => e !== "wrong_password" && e !== "login_locked")).toEqual([]);
    // the ceiling holds everywhere, the owner's address included, but the session lives on
    expect((await login("owner002", "right123", "198.51.100.8")).body.err).toBe("login_locked");
    expect((await me(token!)).body.code).toBe(1);
    h.clock.now += 15 * 60 + 1;
    expect((await login("owner002", "right123", "198.51.100.8")).body.code).toBe(1);
    expect((await me(token!)).body.code).toBe(1);
  });
});

describe("login does not tell unknown names from wrong passwords", () => {
  it("an unknown name gets the very answer of a wrong password, in every language", async () => {
    await registerUser(h, "exists01", "right123");
    for (const language of ["en", "jp", "de"]) {
      const known = await login("exists01", "wrong123", "10.41.0.1", { language });
      const unknown = await login("nosuch01", "wrong123", "10.41.0.1", { language });
      expect(unknown).toEqual(known);
      expect(known.body.err).toBe("wrong_password");
    }
    expect((await login("exists01", "wrong123", "10.41.0.2")).body.msg).toBe("Wrong account or password, try again");
  });

  it("an unknown name locks from one address after the same number of tries as a real one", async () => {
    await registerUser(h, "exists02", "right123");
    const known: Reply[] = [];
    const unknown: Reply[] = [];
    for (let i = 0; i < LOGIN_FAILURE_LIMIT + 2; i++) {
      known.push(await login("exists02", "wrong123", "10.42.0.1"));
      unknown.push(await login("nosuch02", "wrong123", "10.42.0.1"));
    }
    expect(unknown).toEqual(known);
    expect(errs(unknown)).toEqual([...Array(LOGIN_FAILURE_LIMIT - 1).fill("wrong_password"), ...Array(3).fill("login_locked")]);
  });
});

describe("registration checks the SMS code and the invitation before saying a name is taken", () => {
  async function register(account: string, fields: Record<string, string> = {}) {
    const phone = freshPhone();
    await api(h, "POST", "/api/login/sendsms", { phone });
    const code = h.sentSms.at(-1)!.code;
    const wrongCode = code === "000000" ? "111111" : "000000";
    return api(h, "POST", "/api/login/reg", {
      account,
      password: "right123",
      password2: "right123",
      payPassword: "fund1234",
      payPassword2: "fund1234",
      eligible: "1",
      phone,
      smsCode: fields.smsCode === "wrong" ? wrongCode : code,
      inviteCode: fields.inviteCode ?? "DEMO88",
    });
  }

  it("a taken name and a free one get the same refusal without the phone's code or with a bad invitation", async () => {
    await registerUser(h, "taken001");
    const takenWrongCode = await register("taken001", { smsCode: "wrong" });
    const freeWrongCode = await register("free0001", { smsCode: "wrong" });
    expect(takenWrongCode.body.err).toBe("wrong_sms_code");
    expect(takenWrongCode).toEqual(freeWrongCode);
    const takenBadInvite = await register("taken001", { inviteCode: "NOPE99" });
    const freeBadInvite = await register("free0001", { inviteCode: "NOPE99" });
    expect(takenBadInvite.body.err).toBe("invalid_inviter");
    expect(takenBadInvite).toEqual(freeBadInvite);
    // with the phone's code and a good invitation, the taken name is refused as before
    expect((await register("TAKEN001")).body.err).toBe("account_exists");
    expect((await register("free0001")).body.code).toBe(1);
  });
});

describe("the old login password cannot be guessed through a session", () => {
  const change = (token: string, oldPassword: string, password = "second123") =>
    post("/api/user/pwd_login", { oldPassword, password, password2: password }, { token });

  it("five wrong old passwords lock the change for a window; the right one is refused during it and works after", async () => {
    const { token } = await registerUser(h, "pwdlogin1", "first123");
    const answers: Reply[] = [];
    for (let i = 0; i < 12; i++) answers.push(await change(token!, `guess${i}x9`));
    expect(errs(answers)).toEqual([
      ...Array(LOGIN_FAILURE_LIMIT - 1).fill("wrong_login_password"),
      ...Array(12 - LOGIN_FAILURE_LIMIT + 1).fill("login_locked"),
    ]);
    expect(answers[LOGIN_FAILURE_LIMIT - 1]).toMatchObject({
      status: 403,
      body: { msg: "Too many wrong passwords, try again in 15 minutes" },
    });
    expect((await change(token!, "first123")).body.err).toBe("login_locked");
    // the session is not ended by the lock
    expect((await me(token!)).body.code).toBe(1);
    h.clock.now += 15 * 60 + 1;
    expect((await change(token!, "first123")).body.code).toBe(1);
    expect((await login("pwdlogin1", "second123", "10.43.0.1")).body.code).toBe(1);
  });

  it("the right old password clears the count", async () => {
    const { token } = await registerUser(h, "pwdlogin2", "first123");
    for (let i = 0; i < LOGIN_FAILURE_LIMIT - 1; i++) expect((await change(token!, "wrong999")).body.err).toBe("wrong_login_password");
    expect((await change(token!, "first123")).body.code).toBe(1);
    for (let i = 0; i < LOGIN_FAILURE_LIMIT - 1; i++)
      expect((await change(token!, "wrong999", "third123")).body.err).toBe("wrong_login_password");
    expect((await change(token!, "second123", "third123")).body.code).toBe(1);
  });
});

describe("an answered requestId is no fund-password oracle", () => {
  it("resending an answered exchange with other fund passwords counts each as a wrong try and never answers the first answer during the lock", async () => {
    const user = await fundedUser(h, "replay001", "1000");
    const requestId = rid();
    const exchange = (payPassword: string, amount = "10", id = requestId) =>
      post("/api/user/exchange", { from: "cash", amount, payPassword, requestId: id }, { token: user.token });
    const first = await exchange(user.payPassword);
    expect(first.body.code).toBe(1);
    // the same request again is answered as before
    expect(await exchange(user.payPassword)).toEqual(first);
    // other values than the first are refused whatever the password, before it is looked at
    expect((await exchange(user.payPassword, "20")).body.err).toBe("request_reused");
    expect((await exchange("guess000", "20")).body.err).toBe("request_reused");
    // the same values with other fund passwords: each is a counted wrong try
    const guesses: Reply[] = [];
    for (let i = 0; i < LOGIN_FAILURE_LIMIT + 1; i++) guesses.push(await exchange(`guess${i}x1`));
    expect(errs(guesses)).toEqual([
      ...Array(LOGIN_FAILURE_LIMIT - 1).fill("wrong_fund_password"),
      "fund_password_locked",
      "fund_password_locked",
    ]);
    // the lock holds for the replay with the right password and for a new request alike
    expect((await exchange(user.payPassword)).body.err).toBe("fund_password_locked");
    expect((await exchange(user.payPassword, "10", rid())).body.err).toBe("fund_password_locked");
    const exchanges = await api(h, "GET", "/api/user/exchange_record", {}, { token: user.token });
    expect(exchanges.body.data.items).toHaveLength(1);
    h.clock.now += 15 * 60 + 1;
    expect(await exchange(user.payPassword)).toEqual(first);
  });
});
