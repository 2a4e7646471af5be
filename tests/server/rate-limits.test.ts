import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type Harness, OPS_TOKEN, registerUser, startHarness } from "./harness";
import { multipart } from "./images";
import { opsEndpointList, userEndpoints } from "./security/every-endpoint";
import { expectCatalogRefusal, readReply } from "./security/refusal";

/**
 * Per-IP limits on everything a guesser or a script would hammer: login, SMS, registration and every POST a
 * user can make (each money action, password changes, sign-in bonus, verification). At a tenth of the real
 * limits the global cap is 60 a minute, so a 429 within 16 calls can only come from the route's own limit.
 */
const SCALE = 0.1;
const WITHIN = 16;

let h: Harness;
let token: string;
let ipCounter = 0;
/** Each check gets its own client address, so the counts of one cannot trip another. */
const freshIp = () => `10.9.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

beforeAll(async () => {
  h = await startHarness({ rateLimitScale: SCALE });
  const registered = await registerUser(h, "limits01");
  token = registered.token!;
});
afterAll(() => h.close());

async function freshSession(): Promise<string> {
  const response = await h.app.inject({
    method: "POST",
    url: "/api/login/index",
    remoteAddress: freshIp(),
    payload: { account: "limits01", password: "secret123" },
  });
  return response.json().data.token;
}

async function callsUntilLimited(send: (ip: string) => Promise<{ statusCode: number; body: string }>, max: number) {
  const ip = freshIp();
  for (let i = 1; i <= max; i++) {
    const response = await send(ip);
    if (response.statusCode === 429) return { calls: i, reply: readReply(response) };
  }
  return { calls: Infinity, reply: null };
}

const postable = userEndpoints.filter((spec) => spec.method === "POST" && spec.auth !== "ops");

describe("per-route rate limits", () => {
  it("cover the money actions the issue names", () => {
    const keys = postable.map((spec) => spec.key);
    for (const key of [
      "login",
      "sendSms",
      "register",
      "placeOrder",
      "recharge",
      "withdraw",
      "exchange",
      "joinPlan",
      "appendSubscription",
      "stopSubscription",
      "keepSubscription",
      "addCard",
      "changePayPassword",
      "changeLoginPassword",
      "signin",
      "supportSend",
    ]) {
      expect(keys).toContain(key);
    }
  });

  it.each(postable.map((spec) => [`${spec.method} ${spec.path}`, spec] as const))(
    "%s answers 429 in the catalogue's words after its limit",
    async (_name, spec) => {
      const { calls, reply } = await callsUntilLimited(async (remoteAddress) => {
        // logging out ends the session it is called with: each logout gets a session of its own
        const session = spec.key === "logout" ? await freshSession() : token;
        const response = await h.app.inject({
          method: "POST",
          url: spec.path,
          remoteAddress,
          headers: { token: session, language: "jp", "content-type": "application/x-www-form-urlencoded" },
          payload: "",
        });
        // the calls counted are a logged-in user's, not refusals for a dead session
        if (spec.auth === "user") expect(response.statusCode, response.body).not.toBe(401);
        return response;
      }, WITHIN);
      expect(calls, `${spec.path} was never limited`).toBeLessThanOrEqual(WITHIN);
      expect(expectCatalogRefusal(reply!, "jp", spec.path)).toBe("rate_limited");
    },
  );

  it("the upload endpoint is limited too", async () => {
    const file = multipart(Buffer.from("not an image"), "x.png", "image/png");
    const { calls } = await callsUntilLimited(
      (remoteAddress) =>
        h.app.inject({
          method: "POST",
          url: "/api/user/uploadfile",
          remoteAddress,
          headers: { token, "content-type": file.contentType },
          payload: file.payload,
        }),
      WITHIN,
    );
    expect(calls).toBeLessThanOrEqual(WITHIN);
  });

  it("the reality check's session summary is limited too", async () => {
    const { calls, reply } = await callsUntilLimited(
      (remoteAddress) =>
        h.app.inject({ method: "GET", url: "/api/user/session_summary", remoteAddress, headers: { token, language: "jp" } }),
      WITHIN,
    );
    expect(calls).toBeLessThanOrEqual(WITHIN);
    expect(expectCatalogRefusal(reply!, "jp", "/api/user/session_summary")).toBe("rate_limited");
  });

  it("counts calls without a session as well, so token guessing is limited", async () => {
    const { calls } = await callsUntilLimited(
      (remoteAddress) =>
        h.app.inject({ method: "POST", url: "/api/user/cash", remoteAddress, headers: { token: `guess-${ipCounter}` }, payload: {} }),
      WITHIN,
    );
    expect(calls).toBeLessThanOrEqual(WITHIN);
  });

  it("limits guesses of the operator token (global limit: 60 a minute at this scale)", async () => {
    const spec = opsEndpointList.find((s) => s.key === "showUser")!;
    const { calls } = await callsUntilLimited(
      (remoteAddress) =>
        h.app.inject({
          method: "GET",
          url: `${spec.path}?account=demo`,
          remoteAddress,
          headers: { "ops-token": `guess-${Math.random()}` },
        }),
      70,
    );
    expect(calls).toBeLessThanOrEqual(61);
  });

  it("one client's limit does not stop another client", async () => {
    const login = (remoteAddress: string) =>
      h.app.inject({
        method: "POST",
        url: "/api/login/index",
        remoteAddress,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: "account=nobody1&password=whatever1",
      });
    const first = freshIp();
    let limited = false;
    for (let i = 0; i < WITHIN && !limited; i++) limited = (await login(first)).statusCode === 429;
    expect(limited).toBe(true);
    expect((await login(freshIp())).statusCode).not.toBe(429);
    // the operator's own calls are not slowed by a user's flood either
    expect(
      (
        await h.app.inject({
          method: "GET",
          url: "/api/ops/user?account=demo",
          remoteAddress: freshIp(),
          headers: { "ops-token": OPS_TOKEN },
        })
      ).statusCode,
    ).toBe(200);
  });
});
