import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { endpoints } from "#contract/endpoints";
import { totpCode } from "#server/modules/totp/totp";

import { withCheckDigit } from "./card-numbers";
import { api, type Harness, registerUser, rid, startHarness } from "./harness";
import { makePng, uploadFile } from "./images";
import { passRealName } from "./real-name";
import { opsCall, presetMoneyRules } from "./staff";

/**
 * Optional two-step sign-in of customers (an authenticator's codes, with recovery codes), the Sessions page's
 * endpoints, and the message of a sign-in from a new device.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await presetMoneyRules(h, { windowStart: "00:00", windowEnd: "24:00" });
});
afterAll(() => h.close());

const PASSWORD = "login123";
const CHROME_ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

let n = 0;
const freshName = (prefix: string) => `${prefix}${Date.now() % 100_000}${n++}`;

async function newCustomer(prefix = "tf") {
  const account = freshName(prefix);
  const { token } = await registerUser(h, account, PASSWORD, "fund1234");
  return { account, token: token! };
}

/** Sets up and switches on two-step sign-in; answers the secret and the recovery codes. */
async function withTwoStep(prefix = "tf") {
  const customer = await newCustomer(prefix);
  const setup = await api(h, endpoints.totpSetup, {}, { token: customer.token });
  expect(setup.body.code, setup.body.msg).toBe(1);
  const { secret } = setup.body.data;
  const enabled = await api(h, endpoints.totpEnable, { code: totpCode(secret, h.clock.now) }, { token: customer.token });
  expect(enabled.body.code, enabled.body.msg).toBe(1);
  // the code just used is spent: the next one the test sends is of a later 30-second step
  h.clock.now += 30;
  return { ...customer, secret, recoveryCodes: enabled.body.data.recoveryCodes };
}

const login = (account: string, fields: Record<string, string> = {}, headers: Record<string, string> = {}, remoteAddress = "127.0.0.1") =>
  h.app
    .inject({
      method: "POST",
      url: endpoints.login.path,
      remoteAddress,
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      payload: new URLSearchParams({ account, password: PASSWORD, ...fields }).toString(),
    })
    .then((response) => ({ status: response.statusCode, body: response.json() }));

const sessionCount = async (account: string) => {
  const result = await h.database.db.execute(
    `select count(*)::int n from sessions s join users u on u.id = s.user_id where u.account = '${account}'` as never,
  );
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]!.n);
};

describe("switching two-step sign-in on", () => {
  it("gives a secret and its otpauth URI, and turns on only with the app's right code, answering ten recovery codes kept as hashes", async () => {
    const { account, token } = await newCustomer();
    const setup = await api(h, endpoints.totpSetup, {}, { token });
    expect(setup.body.data.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.data.otpauthUri).toContain(`otpauth://totp/`);
    expect(setup.body.data.otpauthUri).toContain(`secret=${setup.body.data.secret}`);
    // not in force before confirmed: the login still needs no code
    expect((await login(account)).body.code).toBe(1);
    const wrong = await api(
      h,
      endpoints.totpEnable,
      { code: "000000" === totpCode(setup.body.data.secret, h.clock.now) ? "111111" : "000000" },
      { token },
    );
    expect(wrong.body).toMatchObject({ code: 0, err: "totp_wrong" });
    const right = await api(h, endpoints.totpEnable, { code: totpCode(setup.body.data.secret, h.clock.now) }, { token });
    expect(right.body.code).toBe(1);
    const codes: string[] = right.body.data.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    const stored = await h.database.db.execute(
      `select code_hash from customer_recovery_codes r join users u on u.id = r.user_id where u.account = '${account}'` as never,
    );
    const hashes = (stored as unknown as { rows: { code_hash: string }[] }).rows.map((row) => row.code_hash);
    expect(hashes).toHaveLength(10);
    for (const code of codes) expect(hashes.join()).not.toContain(code.replace("-", ""));
    // on: no new secret can replace it without switching off first
    expect((await api(h, endpoints.totpSetup, {}, { token })).body).toMatchObject({ code: 0, err: "totp_enabled" });
  });
});

describe("signing in with two-step sign-in on", () => {
  it("asks for the code after the right password and makes no session until it is given", async () => {
    const { account, secret } = await withTwoStep();
    const before = await sessionCount(account);
    const asked = await login(account);
    expect(asked.body).toMatchObject({ code: 0, err: "totp_required" });
    expect(asked.body.data?.token).toBeUndefined();
    expect(await sessionCount(account)).toBe(before);
    // a wrong password is still just a wrong password, code or not
    expect((await login(account, { password: "wrong999" })).body.err).toBe("wrong_password");
    const done = await login(account, { code: totpCode(secret, h.clock.now) });
    expect(done.body.code, done.body.msg).toBe(1);
    expect(typeof done.body.data.token).toBe("string");
    expect(await sessionCount(account)).toBe(before + 1);
  });

  it("refuses a code already used, within its 30-second window", async () => {
    const { account, secret } = await withTwoStep();
    const code = totpCode(secret, h.clock.now);
    expect((await login(account, { code })).body.code).toBe(1);
    expect((await login(account, { code })).body).toMatchObject({ code: 0, err: "totp_wrong" });
    h.clock.now += 30;
    expect((await login(account, { code: totpCode(secret, h.clock.now) })).body.code).toBe(1);
  });

  it("counts wrong codes toward the login lock, which then refuses the right code too", async () => {
    const { account, secret } = await withTwoStep();
    const right = totpCode(secret, h.clock.now);
    const wrongCode = right === "123456" ? "654321" : "123456";
    const address = "10.77.0.1";
    for (let i = 0; i < 4; i++) expect((await login(account, { code: wrongCode }, {}, address)).body.err).toBe("totp_wrong");
    expect((await login(account, { code: wrongCode }, {}, address)).body.err).toBe("login_locked");
    expect((await login(account, { code: right }, {}, address)).body.err).toBe("login_locked");
    // asking for the code (the right password, no code) neither counts nor clears: still locked
    expect((await login(account, {}, {}, address)).body.err).toBe("login_locked");
  });

  it("takes each recovery code once, in any letter case, with or without its dash", async () => {
    const { account, recoveryCodes } = await withTwoStep();
    const [first, second] = recoveryCodes as [string, string];
    expect((await login(account, { code: first })).body.code).toBe(1);
    expect((await login(account, { code: first })).body).toMatchObject({ code: 0, err: "totp_wrong" });
    expect((await login(account, { code: second.replace("-", "").toLowerCase() })).body.code).toBe(1);
  });
});

describe("withdrawals with two-step sign-in on", () => {
  it("need the app's current code besides the fund password", async () => {
    const { token, secret } = await withTwoStep("tfw");
    await passRealName(h, token);
    const upload = await uploadFile(h, token, makePng());
    const channel = (await api(h, "GET", "/api/user/recharge", {}, { token })).body.data.channels[0].id;
    const recharge = await api(
      h,
      "POST",
      "/api/user/dorecharge",
      { requestId: rid(), channelId: String(channel), amount: "1000", screenshot: upload.body.data.url },
      { token },
    );
    await opsCall(h, "POST", "/api/ops/recharge/review", { id: String(recharge.body.data.id), decision: "approve" });
    const card = await api(
      h,
      "POST",
      "/api/user/add_card",
      {
        requestId: rid(),
        type: "bank",
        bankName: "Example Bank",
        number: withCheckDigit(`62${Date.now()}${n++}`),
        payPassword: "fund1234",
        holder: "Real Name",
      },
      { token },
    );
    expect(card.body.code, card.body.msg).toBe(1);
    const withdraw = (fields: Record<string, string>) =>
      api(
        h,
        endpoints.withdraw,
        { requestId: rid(), amount: "200", cardId: String(card.body.data.id), payPassword: "fund1234", ...fields },
        { token },
      );
    expect((await withdraw({})).body).toMatchObject({ code: 0, err: "totp_required" });
    const right = totpCode(secret, h.clock.now);
    expect((await withdraw({ code: right === "000000" ? "111111" : "000000" })).body).toMatchObject({ code: 0, err: "totp_wrong" });
    const accepted = await withdraw({ code: right });
    expect(accepted.body.code, accepted.body.msg).toBe(1);
    // the same code again is spent
    expect((await withdraw({ code: right })).body).toMatchObject({ code: 0, err: "totp_wrong" });
  });
});

describe("switching two-step sign-in off", () => {
  it("needs the login password and a code; a wrong password does not use the code up", async () => {
    const { account, token, secret, recoveryCodes } = await withTwoStep();
    const code = totpCode(secret, h.clock.now);
    expect((await api(h, endpoints.totpDisable, { password: "wrong999", code }, { token })).body).toMatchObject({
      code: 0,
      err: "totp_wrong",
    });
    expect((await api(h, endpoints.totpDisable, { password: PASSWORD }, { token })).body).toMatchObject({ code: 0, err: "field_required" });
    expect((await login(account)).body.err).toBe("totp_required");
    // a recovery code does it too (the phone is lost)
    const off = await api(h, endpoints.totpDisable, { password: PASSWORD, code: recoveryCodes[0]! }, { token });
    expect(off.body.code, off.body.msg).toBe(1);
    expect((await login(account)).body.code).toBe(1);
    expect((await api(h, endpoints.totpDisable, { password: PASSWORD, code }, { token })).body).toMatchObject({ code: 0, err: "totp_off" });
  });
});

describe("sessions", () => {
  it("lists each session's device in words, address, times and which is this one; ending all ends only the others", async () => {
    const { account, token: first } = await newCustomer("ses");
    const phone = (await login(account, {}, { "user-agent": CHROME_ANDROID }, "10.1.2.3")).body.data.token as string;
    const other = (await login(account, {}, { "user-agent": SAFARI_IPHONE, language: "de" }, "10.1.2.4")).body.data.token as string;
    const listed = await api(h, endpoints.sessions, {}, { token: phone });
    expect(listed.body.code).toBe(1);
    const sessions = listed.body.data;
    expect(sessions).toHaveLength(3);
    expect(sessions.find((s) => s.current)).toMatchObject({ device: "Chrome on Android", address: "10.1.2.3" });
    expect(sessions.find((s) => s.address === "10.1.2.4")).toMatchObject({ device: "Safari on iOS", current: false });
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    // in the request's language
    const german = await api(h, endpoints.sessions, {}, { token: phone, language: "de" });
    expect(german.body.data.find((s) => s.current)!.device).not.toBe("Chrome on Android");
    expect(german.body.data.find((s) => s.current)!.device).toContain("Chrome");

    const ended = await api(h, endpoints.sessionsEnd, { all: "1" }, { token: phone });
    expect(ended.body).toMatchObject({ code: 1, data: { ended: 2 } });
    expect((await api(h, endpoints.userInfo, {}, { token: phone })).body.code).toBe(1);
    expect((await api(h, endpoints.userInfo, {}, { token: first })).status).toBe(401);
    expect((await api(h, endpoints.userInfo, {}, { token: other })).status).toBe(401);
    expect((await api(h, endpoints.sessions, {}, { token: phone })).body.data).toHaveLength(1);
  });

  it("ends one session by id, not the one asking, and no other customer's", async () => {
    const { account, token: first } = await newCustomer("ses");
    const second = (await login(account)).body.data.token as string;
    const stranger = await newCustomer("ses");
    const mine = (await api(h, endpoints.sessions, {}, { token: second })).body.data;
    const current = mine.find((s) => s.current)!;
    const firstSession = mine.find((s) => !s.current)!;
    expect((await api(h, endpoints.sessionsEnd, { id: String(current.id) }, { token: second })).body.err).toBe("session_not_found");
    expect((await api(h, endpoints.sessionsEnd, { id: String(firstSession.id) }, { token: stranger.token })).body.err).toBe(
      "session_not_found",
    );
    expect((await api(h, endpoints.userInfo, {}, { token: first })).body.code).toBe(1);
    expect((await api(h, endpoints.sessionsEnd, { id: String(firstSession.id) }, { token: second })).body).toMatchObject({
      code: 1,
      data: { ended: 1 },
    });
    expect((await api(h, endpoints.userInfo, {}, { token: first })).status).toBe(401);
    expect((await api(h, endpoints.userInfo, {}, { token: second })).body.code).toBe(1);
  });

  it("moves last seen at most once a minute", async () => {
    const { token } = await newCustomer("ses");
    const lastSeen = async () => (await api(h, endpoints.sessions, {}, { token })).body.data.find((s) => s.current)!.lastSeen;
    const start = await lastSeen();
    const writes = async () => {
      const result = await h.database.db.execute(
        `select last_seen_at from sessions where last_seen_at is not null order by id desc limit 1` as never,
      );
      return (result as unknown as { rows: { last_seen_at: number }[] }).rows[0]!.last_seen_at;
    };
    h.clock.now += 59;
    await api(h, endpoints.userInfo, {}, { token });
    expect(await lastSeen()).toBe(start);
    expect(Number(await writes())).toBe(start);
    h.clock.now += 1;
    await api(h, endpoints.userInfo, {}, { token });
    expect(await lastSeen()).toBe(start + 60);
  });
});

describe("a sign-in from a new device", () => {
  const messages = async (token: string) =>
    (await api(h, endpoints.messages, {}, { token })).body.data.items as { type: string; title: string; body: string }[];

  it("writes one message per device, in the customer's language, naming device, address and time", async () => {
    const account = freshName("dev");
    await registerUser(h, account, PASSWORD, "fund1234");
    // a sign-in without the app's device id has nothing to recognise and tells nothing
    const token = (await login(account)).body.data.token as string;
    expect((await messages(token)).filter((m) => m.type === "new_device")).toHaveLength(0);
    const before = 0;
    await api(h, endpoints.setLanguage, { lang: "de" }, { token });
    const newDevice = "phone-device-00000000042";
    const at = h.clock.now;
    await login(account, {}, { "device-id": newDevice, "user-agent": CHROME_ANDROID, language: "de" }, "10.9.8.7");
    let told = (await messages(token)).filter((m) => m.type === "new_device");
    expect(told).toHaveLength(before + 1);
    const message = told[0]!;
    expect(message.title).toBe("Neue Anmeldung bei Ihrem Konto");
    expect(message.body).toContain("Chrome");
    expect(message.body).toContain("Android");
    expect(message.body).toContain("10.9.8.7");
    expect(message.body).toContain(new Date(at * 1000).toISOString().slice(0, 16).replace("T", " "));
    // the same device again: nothing new
    await login(account, {}, { "device-id": newDevice, "user-agent": CHROME_ANDROID });
    told = (await messages(token)).filter((m) => m.type === "new_device");
    expect(told).toHaveLength(before + 1);
    // another device: one more
    await login(account, {}, { "device-id": "tablet-device-0000000077", "user-agent": SAFARI_IPHONE });
    expect((await messages(token)).filter((m) => m.type === "new_device")).toHaveLength(before + 2);
  });
});
