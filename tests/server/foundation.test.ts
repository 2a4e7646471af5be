import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { endpoints } from "#contract/endpoints";
import { opsEndpoints } from "#contract/ops";
import { buildApp } from "#server/http/app";

import { api, type Harness, loginDemo, OPS_TOKEN, snapshot, startHarness } from "./harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

describe("envelope and statuses", () => {
  it("answers unknown paths with a 404 envelope", async () => {
    const answer = await api(h, "GET", "/api/nope/nothing");
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: 0, err: "not_found", data: null });
  });

  it("answers an unreadable body with 400 and a clear message", async () => {
    const response = await h.app.inject({
      method: "POST",
      url: "/api/login/index",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 0, err: "malformed_request", msg: "The request could not be read" });
  });

  it("answers an oversized body with 413 in the envelope, not a crash", async () => {
    const response = await h.app.inject({
      method: "POST",
      url: "/api/login/index",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: `account=${"a".repeat(200_000)}&password=x`,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 0, err: "request_too_large", data: null });
  });

  it("hides a crash behind a 500 envelope without a stack", async () => {
    const logs: string[] = [];
    const app = await buildApp({
      ctx: { db: null as never, now: () => 0, log: (m) => logs.push(m) },
      sms: { send: async () => {} },
      opsToken: OPS_TOKEN,
      feed: h.feed,
      uploadsDir: join(tmpdir(), "unused-uploads"),
    });
    // user-info needs the database; the null one throws inside the request
    const response = await app.inject({ method: "GET", url: "/api/user/index", headers: { token: "x" } });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: 0, msg: "System busy, try again later", err: "server_error", data: null });
    expect(response.body).not.toMatch(/at .*\.ts/);
    expect(logs.join("\n")).toMatch(/unhandled error/);
    await app.close();
  });

  it("localizes msg by the lang header and falls back to en for unknown languages", async () => {
    const en = await api(h, "GET", "/api/user/index", {}, { lang: "en" });
    const jp = await api(h, "GET", "/api/user/index", {}, { lang: "jp" });
    const zh = await api(h, "GET", "/api/user/index", {}, { lang: "zh" });
    const odd = await api(h, "GET", "/api/user/index", {}, { lang: "xx" });
    expect(en.body.msg).toBe("Please log in first");
    expect(jp.body.msg).not.toBe(en.body.msg);
    expect(zh.body.msg).not.toBe(en.body.msg);
    expect(jp.body.msg).not.toBe(zh.body.msg);
    expect(odd.body.msg).toBe(en.body.msg);
  });

  it("sends security headers", async () => {
    const response = await h.app.inject({ method: "GET", url: "/api/docs" });
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["referrer-policy"]).toBe("same-origin");
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self'(;|$)/);
  });

  it("serves OpenAPI for every endpoint at /api/docs", async () => {
    const response = await h.app.inject({ method: "GET", url: "/api/docs" });
    const doc = response.json();
    expect(doc.openapi).toBe("3.1.0");
    for (const spec of [...Object.values(endpoints), ...Object.values(opsEndpoints)]) {
      expect(doc.paths[spec.path]?.[spec.method.toLowerCase()], spec.path).toBeDefined();
    }
    const register = doc.paths["/api/login/reg"].post.requestBody.content["application/x-www-form-urlencoded"].schema;
    expect(Object.keys(register.properties)).toEqual(
      expect.arrayContaining(["account", "password", "password2", "payPassword", "payPassword2", "phone", "smsCode", "inviteCode"]),
    );
  });
});

describe("operator API", () => {
  it("refuses requests without the operator token, and user tokens", async () => {
    const userToken = await loginDemo(h);
    expect((await api(h, "GET", "/api/ops/user", { account: "demo" })).status).toBe(403);
    expect((await api(h, "GET", "/api/ops/user", { account: "demo" }, { token: userToken })).status).toBe(403);
    expect((await api(h, "GET", "/api/ops/user", { account: "demo" }, { "ops-token": userToken })).status).toBe(403);
  });

  it("shows a user and reads the SMS outbox newest first", async () => {
    const user = await api(h, "GET", "/api/ops/user", { account: "demo" }, { "ops-token": OPS_TOKEN });
    expect(user.body.data).toMatchObject({ account: "demo", phone: "13800138000", cash: "10000.00", locked: false });
    expect(JSON.stringify(user.body.data)).not.toMatch(/scrypt/);
    await api(h, "POST", "/api/login/sendsms", { phone: "15500001111" });
    h.clock.now += 61;
    await api(h, "POST", "/api/login/sendsms", { phone: "15500001111" });
    const outbox = await api(h, "GET", "/api/ops/sms", { phone: "15500001111" }, { "ops-token": OPS_TOKEN });
    expect(outbox.body.data).toHaveLength(2);
    expect(outbox.body.data[0].code).toBe(h.sentSms.at(-1)!.code);
    expect(outbox.body.data[0].time).toBeGreaterThan(outbox.body.data[1].time);
  });

  it("refuses an unknown account", async () => {
    const answer = await api(h, "POST", "/api/ops/unlock", { account: "ghost99" }, { "ops-token": OPS_TOKEN });
    expect(answer.body.err).toBe("user_not_found");
  });
});

describe("bad input on every endpoint changes nothing", () => {
  const hostile = [
    {},
    { account: "' OR 1=1 --", password: "x' OR '1'='1", phone: "1; DROP TABLE users", smsCode: "<script>", inviteCode: "../../etc" },
    { account: "a".repeat(5000), password: "b".repeat(5000), phone: "9".repeat(5000) },
    { account: "😀😀😀😀", password: "\u0000\u0000\u0000\u0000\u0000\u0000", phone: "NaN", smsCode: "Infinity" },
    { oldPassword: "", password: "", password2: "", payPassword: "-1", payPassword2: "1e309" },
  ];
  const all = [...Object.values(endpoints), ...Object.values(opsEndpoints)];
  for (const spec of all) {
    it(`${spec.method} ${spec.path}`, async () => {
      const token = await loginDemo(h);
      const before = await snapshot(h);
      for (const fields of hostile) {
        const headers: Record<string, string> = spec.auth === "ops" ? { "ops-token": OPS_TOKEN } : { token };
        const answer = await api(h, spec.method, spec.path, fields as Record<string, string>, headers);
        expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
        if (answer.body.code !== 1) {
          expect(answer.body.msg.length).toBeGreaterThan(0);
          expect(answer.body.err).toBeTruthy();
        }
      }
      // a repeated key arrives as an array: invalid input, not a crash
      const repeated = await h.app.inject({
        method: "POST",
        url: spec.path,
        headers: { "content-type": "application/x-www-form-urlencoded", token, "ops-token": OPS_TOKEN },
        payload: "account=a1&account=b2&phone=1&phone=2&password=x&password=y",
      });
      expect(repeated.statusCode).toBeLessThan(500);
      // logout and the daily sign-in need no fields, so they legitimately succeed; nothing else may change state
      const after = await snapshot(h);
      if (!["/api/login/logout", "/api/user/signin"].includes(spec.path)) expect(after).toBe(before);
    });
  }
});

describe("rate limits", () => {
  it("limits login attempts per IP with a localized 429", async () => {
    const strict = await startHarness({ rateLimitScale: 1 });
    try {
      let limited = null;
      for (let i = 0; i < 25 && !limited; i++) {
        // a new unknown name each time: no name reaches its own lock, so only the per-address request limit can stop these
        const answer = await api(strict, "POST", "/api/login/index", { account: `nobody${i}x`, password: "wrong123" });
        if (answer.status === 429) limited = answer;
      }
      expect(limited?.body).toMatchObject({ code: 0, err: "rate_limited", msg: "Too many requests, try again later" });
    } finally {
      await strict.close();
    }
  });
});
