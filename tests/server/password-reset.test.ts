import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { endpoints } from "#contract/endpoints";
import { RESET_CODES_PER_DAY } from "#server/modules/accounts/password-reset";

import { api, freshPhone, type Harness, registerUser, startHarness } from "./harness";

/**
 * A forgotten password: a code to the account's phone, then the code and a new password twice. The answers say
 * nothing of whether a number has an account; every session ends; the customer is told in their language.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

const forgot = (phone: string, ip = "10.1.0.1") =>
  h.app.inject({ method: "POST", url: endpoints.forgotPassword.path, remoteAddress: ip, payload: { phone } }).then((r) => ({
    status: r.statusCode,
    body: r.json(),
  }));
const reset = (fields: Record<string, string>) => api(h, endpoints.resetPassword, { password2: fields.password ?? "", ...fields });
const login = (account: string, password: string) => api(h, endpoints.login, { account, password });
const codeFor = (phone: string) => h.sentSms.filter((sms) => sms.phone === phone).at(-1)?.code;

describe("a forgotten password", () => {
  it("resets the login password with the SMS code, ends every session and sends a message in the customer's language", async () => {
    const { token, phone } = await registerUser(h, "forgot01", "oldpass123");
    const other = (await login("forgot01", "oldpass123")).body.data.token as string;
    expect((await api(h, endpoints.setLanguage, { lang: "de" }, { token: token! })).body.code).toBe(1);
    h.clock.now += 120;
    const sent = await forgot(phone);
    expect(sent.body).toMatchObject({ code: 1, msg: "If this number belongs to an account, a verification code is on its way to it" });
    const code = codeFor(phone)!;
    expect(code).toMatch(/^\d+$/);

    const answer = await reset({ phone, code, password: "newpass456" });
    expect(answer.body).toMatchObject({ code: 1, msg: "Your password was reset: log in with the new one" });
    // both sessions ended: neither token opens anything
    for (const ended of [token!, other]) expect((await api(h, endpoints.userInfo, {}, { token: ended })).status).toBe(401);
    expect((await login("forgot01", "oldpass123")).body.err).toBe("wrong_password");
    const fresh = await login("forgot01", "newpass456");
    expect(fresh.body.code).toBe(1);
    const inbox = (await api(h, endpoints.messages, {}, { token: fresh.body.data.token, lang: "de" })).body.data.items;
    expect(inbox[0]).toMatchObject({ title: "Ihr Anmeldepasswort wurde zurückgesetzt" });

    // the code was spent: a second reset with it is refused, and changes nothing
    const again = await reset({ phone, code, password: "third789x" });
    expect(again.body).toMatchObject({ code: 0, err: "wrong_sms_code" });
    expect((await login("forgot01", "newpass456")).body.code).toBe(1);
  });

  it("answers an unknown phone exactly as a registered one, and sends it nothing", async () => {
    const { phone: known } = await registerUser(h, "forgot02");
    const unknown = freshPhone();
    h.clock.now += 120;
    const sentBefore = h.sentSms.length;
    const forKnown = await forgot(known, "10.1.0.2");
    const forUnknown = await forgot(unknown, "10.1.0.3");
    expect(forUnknown).toEqual(forKnown);
    expect(h.sentSms.slice(sentBefore).map((sms) => sms.phone)).toEqual([known]);
    // asking again within the minute: the same wait for both
    const soonKnown = await forgot(known, "10.1.0.4");
    const soonUnknown = await forgot(unknown, "10.1.0.5");
    expect(soonUnknown).toEqual(soonKnown);
    expect(soonKnown.body.err).toBe("sms_too_soon");
    // and a reset for the unknown number answers as a wrong code does
    const guessed = await reset({ phone: unknown, code: "123456", password: "newpass456" });
    const wrong = await reset({ phone: known, code: codeFor(known) === "000000" ? "111111" : "000000", password: "newpass456" });
    expect(guessed.body).toEqual(wrong.body);
    expect(guessed.body.err).toBe("wrong_sms_code");
  });

  it("gives a code one try: after a wrong code the right one no longer works", async () => {
    const { phone } = await registerUser(h, "forgot03", "oldpass123");
    h.clock.now += 120;
    await forgot(phone, "10.1.0.6");
    const code = codeFor(phone)!;
    const wrongCode = code === "000000" ? "111111" : "000000";
    expect((await reset({ phone, code: wrongCode, password: "newpass456" })).body.err).toBe("wrong_sms_code");
    expect((await reset({ phone, code, password: "newpass456" })).body.err).toBe("wrong_sms_code");
    expect((await login("forgot03", "oldpass123")).body.code).toBe(1);
    // the two passwords must match
    h.clock.now += 120;
    await forgot(phone, "10.1.0.7");
    const mismatch = await api(h, endpoints.resetPassword, {
      phone,
      code: codeFor(phone)!,
      password: "newpass456",
      password2: "newpass457",
    });
    expect(mismatch.body.err).toBe("passwords_mismatch");
  });

  it("limits the codes per number, however it is written (per address: rate-limits.test.ts)", async () => {
    const { phone } = await registerUser(h, "forgot04");
    for (let i = 0; i < RESET_CODES_PER_DAY; i++) {
      h.clock.now += 120;
      // "+" and the bare digits are one number: they share the count
      expect((await forgot(i % 2 ? `+${phone}` : phone, `10.2.0.${i + 1}`)).body.code).toBe(1);
    }
    h.clock.now += 120;
    const over = await forgot(`+${phone}`, "10.2.0.99");
    expect(over.status).toBe(429);
    expect(over.body.err).toBe("sms_daily_limit");
    // a day later the number may ask again
    h.clock.now += 86_400;
    expect((await forgot(phone, "10.2.0.100")).body.code).toBe(1);
  });
});
