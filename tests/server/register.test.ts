import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { api, freshPhone, type Harness, registerUser, snapshot, startHarness } from "./harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

async function codeFor(phone: string) {
  const sent = await api(h, "POST", "/api/login/sendsms", { phone });
  expect(sent.body.code).toBe(1);
  return h.sentSms.at(-1)!.code;
}

const form = (phone: string, smsCode: string, overrides: Record<string, string> = {}) => ({
  account: `user${Math.floor(Math.random() * 1e8)}`,
  password: "secret123",
  password2: "secret123",
  payPassword: "pay12345",
  payPassword2: "pay12345",
  phone,
  smsCode,
  inviteCode: "DEMO88",
  eligible: "1",
  ...overrides,
});

describe("SMS codes", () => {
  it("sends a 6-digit code to the outbox and refuses a resend within 60 s", async () => {
    const phone = freshPhone();
    const code = await codeFor(phone);
    expect(code).toMatch(/^\d{6}$/);
    const again = await api(h, "POST", "/api/login/sendsms", { phone }, { lang: "en" });
    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({ code: 0, err: "sms_too_soon" });
    expect(again.body.msg).toBe("The verification code is valid for five minutes, do not resend");
    h.clock.now += 61;
    expect((await api(h, "POST", "/api/login/sendsms", { phone })).body.code).toBe(1);
  });

  it("refuses a malformed phone number", async () => {
    const answer = await api(h, "POST", "/api/login/sendsms", { phone: "12ab" });
    expect(answer.status).toBe(400);
    expect(answer.body.err).toBe("phone_invalid");
  });

  it("accepts a code for five minutes only", async () => {
    const phone = freshPhone();
    const code = await codeFor(phone);
    h.clock.now += 5 * 60 + 1;
    const late = await api(h, "POST", "/api/login/reg", form(phone, code));
    expect(late.body.err).toBe("wrong_sms_code");
  });
});

describe("registration", () => {
  it("registers with a valid code and inviter, logged in at once", async () => {
    const { answer, token } = await registerUser(h, "alice2026");
    expect(answer.status).toBe(200);
    expect(answer.body.code).toBe(1);
    expect(answer.body.msg).toBe("Registration success");
    expect(answer.body.data.user).toMatchObject({ account: "alice2026", cash: "0.00", hasPayPassword: true });
    expect(answer.body.data.user.phone).toMatch(/^\d{3}\*+\d{3}$/);
    const me = await api(h, "GET", "/api/user/index", {}, { token: token! });
    expect(me.body.data.account).toBe("alice2026");
  });

  it("refuses a duplicate account, case-insensitively", async () => {
    await registerUser(h, "bob2026");
    const { answer } = await registerUser(h, "BOB2026");
    expect(answer.status).toBe(409);
    expect(answer.body.err).toBe("account_exists");
    expect(answer.body.msg).toBe("Account already registered");
  });

  it("one phone number, one account: a taken number is refused in any of its written forms, in the user's words", async () => {
    const phone = freshPhone();
    expect((await api(h, "POST", "/api/login/reg", form(phone, await codeFor(phone)))).body.code).toBe(1);
    for (const written of [phone, `+${phone}`, `00${phone}`]) {
      h.clock.now += 61;
      const code = await codeFor(written);
      const before = await snapshot(h);
      const again = await api(h, "POST", "/api/login/reg", form(written, code), { lang: "en" });
      expect(again.status, written).toBe(409);
      expect(again.body, written).toMatchObject({ code: 0, err: "phone_taken", msg: "This phone number already has an account" });
      expect(await snapshot(h)).toBe(before);
      const german = await api(h, "POST", "/api/login/reg", form(written, h.sentSms.at(-1)!.code), { lang: "de" });
      expect(german.body.err).toBe("phone_taken");
      expect(german.body.msg).not.toBe(again.body.msg);
    }
  });

  it("two registrations of one number at once make one account", async () => {
    const phone = freshPhone();
    const first = await codeFor(phone);
    // two codes for the same number, each used by one of the racing registrations
    h.clock.now += 61;
    const second = await codeFor(`+${phone}`);
    const answers = await Promise.all([
      api(h, "POST", "/api/login/reg", form(phone, first)),
      api(h, "POST", "/api/login/reg", form(`+${phone}`, second)),
    ]);
    expect(answers.map((a) => a.body.err ?? "ok").sort()).toEqual(["ok", "phone_taken"]);
  });

  it("uses up a code: the same code cannot register twice", async () => {
    const phone = freshPhone();
    const code = await codeFor(phone);
    expect((await api(h, "POST", "/api/login/reg", form(phone, code))).body.code).toBe(1);
    const again = await api(h, "POST", "/api/login/reg", form(phone, code));
    expect(again.body.err).toBe("wrong_sms_code");
  });

  const refusals: Array<[string, Record<string, string>, string, number]> = [
    ["a wrong code", { smsCode: "000000" }, "wrong_sms_code", 422],
    ["an unknown inviter", { inviteCode: "NOSUCH" }, "invalid_inviter", 422],
    ["mismatched passwords", { password2: "other123" }, "passwords_mismatch", 400],
    ["mismatched fund passwords", { payPassword2: "other123" }, "pay_passwords_mismatch", 400],
    ["a short password", { password: "abc", password2: "abc" }, "password_length", 400],
    ["a long password", { password: "a".repeat(17), password2: "a".repeat(17) }, "password_length", 400],
    ["a short fund password", { payPassword: "12345", payPassword2: "12345" }, "password_length", 400],
    ["an account without digits", { account: "lettersonly" }, "username_incorrect", 400],
    ["an account without letters", { account: "12345678" }, "username_incorrect", 400],
    ["an account with symbols", { account: "ab12'--" }, "username_incorrect", 400],
    ["a missing invitation code", { inviteCode: "" }, "field_required", 400],
    ["no confirmation of age and the risk warning", { eligible: "" }, "eligibility_required", 400],
    ["a confirmation other than the ticked box", { eligible: "yes" }, "eligibility_required", 400],
  ];
  for (const [what, overrides, err, status] of refusals) {
    it(`refuses ${what} and changes nothing`, async () => {
      const phone = freshPhone();
      const code = await codeFor(phone);
      const before = await snapshot(h);
      const answer = await api(h, "POST", "/api/login/reg", form(phone, code, overrides));
      expect(answer.body).toMatchObject({ code: 0, err, data: null });
      expect(answer.status).toBe(status);
      expect(await snapshot(h)).toBe(before);
    });
  }

  it("names the missing field in the user's language", async () => {
    const answer = await api(h, "POST", "/api/login/reg", { account: "abc123" }, { lang: "en" });
    expect(answer.body.err).toBe("field_required");
    expect(answer.body.msg).toBe("Password is required");
    const german = await api(h, "POST", "/api/login/reg", { account: "abc123" }, { lang: "de" });
    expect(german.body.err).toBe("field_required");
    expect(german.body.msg).not.toBe("Password is required");
    expect(german.body.msg.length).toBeGreaterThan(0);
  });
});
