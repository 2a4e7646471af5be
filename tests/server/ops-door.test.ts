import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { OPS_TOKEN } from "./harness";
import { addOperator, OPERATOR_PASSWORD, type OpsSite, pgliteSite, send, signedIn } from "./ops-sites";

/**
 * The back office's door and its log: a console POST sent by another site's page is
 * refused; the audit log names no actor an attacker chose (a refused sign-in is "anonymous", the name tried is
 * data), no person can take the token's or the anonymous actor's name, and a request refused for its role
 * leaves a row.
 */
let site: OpsSite;
let admin: string;
let support: string;
const token = { "ops-token": OPS_TOKEN };
beforeAll(async () => {
  site = await pgliteSite();
  admin = await signedIn(site, await addOperator(site, "door-admin", "admin"));
  support = await signedIn(site, await addOperator(site, "door-support", "support"));
}, 120_000);
afterAll(() => site?.close());

const app = () => site.apps[0]!;
const audit = async (fields: Record<string, string>) =>
  (await send(app(), "GET", "/api/ops/audit", fields, { headers: token })).body.data.items;

describe("console POSTs from another site", () => {
  const bonus = (headers: Record<string, string>) => send(app(), "POST", "/api/ops/invite-bonus", { amount: "4" }, { headers });

  it("refuses a foreign Origin with 403 and the catalogue's message, in the operator's language", async () => {
    const refused = await bonus({ cookie: admin, origin: "https://evil.example" });
    expect(refused.status).toBe(403);
    expect(refused.body.err).toBe("ops_origin_forbidden");
    expect(refused.body.msg).toMatch(/another site/);
    const german = await bonus({ cookie: admin, origin: "https://evil.example", lang: "de" });
    expect(german.body.err).toBe("ops_origin_forbidden");
    expect(german.body.msg).not.toBe(refused.body.msg);
    // "null" (a sandboxed frame, a data: page) is foreign too
    expect((await bonus({ cookie: admin, origin: "null" })).body.err).toBe("ops_origin_forbidden");
  });

  it("accepts the console's own origin, and without Origin judges by Sec-Fetch-Site, then Referer", async () => {
    expect((await bonus({ cookie: admin, origin: "http://localhost" })).body.code).toBe(1);
    expect((await bonus({ cookie: admin, origin: "http://localhost:80", "sec-fetch-site": "cross-site" })).body.code).toBe(1);
    expect((await bonus({ cookie: admin, "sec-fetch-site": "cross-site" })).body.err).toBe("ops_origin_forbidden");
    expect((await bonus({ cookie: admin, "sec-fetch-site": "same-site" })).body.err).toBe("ops_origin_forbidden");
    expect((await bonus({ cookie: admin, "sec-fetch-site": "same-origin" })).body.code).toBe(1);
    expect((await bonus({ cookie: admin, referer: "https://evil.example/page" })).body.err).toBe("ops_origin_forbidden");
    expect((await bonus({ cookie: admin, referer: "http://localhost/ops/#/invite" })).body.code).toBe(1);
    // behind the proxy, the origin the browser saw is the proxy's
    const proxied = await app().inject({
      method: "POST",
      url: "/api/ops/invite-bonus",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        cookie: admin,
        origin: "https://ops.example.com",
        "x-forwarded-proto": "https",
        "x-forwarded-host": "ops.example.com",
      },
      remoteAddress: "127.0.0.1",
      payload: "amount=4",
    });
    expect(proxied.json().code, proxied.body).toBe(1);
  });

  it("refuses a foreign sign-in and setup, and lets the machine token through whatever it says", async () => {
    const login = await send(
      app(),
      "POST",
      "/api/ops/login",
      { username: "door-support", password: OPERATOR_PASSWORD },
      { headers: { origin: "https://evil.example" } },
    );
    expect(login.body.err).toBe("ops_origin_forbidden");
    expect(login.setCookie).toBe("");
    const setup = await send(
      app(),
      "POST",
      "/api/ops/setup",
      { setupCode: "whatever-code", username: "root9", password: "first-admin-pass" },
      { headers: { origin: "https://evil.example" } },
    );
    expect(setup.body.err).toBe("ops_origin_forbidden");
    expect((await bonus({ ...token, origin: "https://evil.example" })).body.code).toBe(1);
    // reads are not writes: a GET with a foreign Origin is answered (the cookie is SameSite=Strict anyway)
    expect((await send(app(), "GET", "/api/ops/me", {}, { headers: { cookie: admin, origin: "https://evil.example" } })).body.code).toBe(1);
  });
});

describe("the audit log's actors", () => {
  it("records a refused sign-in as anonymous with the name tried as data, even when the name is token", async () => {
    const tokenRowsBefore = (await audit({ actor: "token" })).length;
    for (const username of ["token", "door-admin", "<script>x</script>"]) {
      const refused = await send(app(), "POST", "/api/ops/login", { username, password: "wrong-password-1" });
      expect(refused.body.err).toBe("ops_login_failed");
    }
    const rows = await audit({ action: "POST /api/ops/login" });
    const tried = rows.slice(0, 3).map((row: { actor: string; operatorId: number | null; input: { username: string } }) => row);
    expect(tried.map((row: { actor: string }) => row.actor)).toEqual(["anonymous", "anonymous", "anonymous"]);
    expect(tried.map((row: { operatorId: number | null }) => row.operatorId)).toEqual([null, null, null]);
    expect(tried.map((row: { input: { username: string } }) => row.input.username)).toEqual(["<script>x</script>", "door-admin", "token"]);
    expect((await audit({ actor: "token" })).length).toBe(tokenRowsBefore);
    // a successful sign-in is the operator's own row
    await signedIn(site, "door-support");
    expect((await audit({ action: "POST /api/ops/login" }))[0]).toMatchObject({ actor: "door-support", after: { ok: true } });
  });

  it("lets no operator be named token or anonymous, in any case", async () => {
    for (const username of ["token", "Token", "anonymous", "ANONYMOUS"]) {
      const answer = await send(app(), "POST", "/api/ops/operators", { username, role: "support" }, { headers: { cookie: admin } });
      expect(answer.body.err, username).toBe("invalid_input");
    }
  });

  it("writes a row for a request refused for its role: who, which endpoint, which path", async () => {
    const before = (await audit({ actor: "door-support" })).length;
    const write = await send(app(), "POST", "/api/ops/money-rules", { dailyCount: "99" }, { headers: { cookie: support } });
    expect(write.status).toBe(403);
    expect(write.body.err).toBe("ops_role_forbidden");
    const read = await send(app(), "GET", "/api/ops/audit", {}, { headers: { cookie: support } });
    expect(read.body.err).toBe("ops_role_forbidden");
    const rows = await audit({ actor: "door-support" });
    expect(rows.length).toBe(before + 2);
    expect(rows[0]).toMatchObject({
      action: "GET /api/ops/audit",
      after: { ok: false, refused: "ops_role_forbidden", path: "/api/ops/audit" },
    });
    expect(rows[1]).toMatchObject({
      action: "POST /api/ops/money-rules",
      after: { refused: "ops_role_forbidden", path: "/api/ops/money-rules" },
    });
    expect(typeof rows[1].operatorId).toBe("number");
  });
});
