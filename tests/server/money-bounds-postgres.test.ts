import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { DEMO_PASSWORD, DEMO_PAY_PASSWORD } from "#server/db/seed";

import { rid } from "./harness";
import { makePng, multipart } from "./images";
import { type PostgresApps, startPostgresApps } from "./postgres-pair";
import { presetMoneyRules, staff } from "./staff";

/**
 * The bounds of money-test's coin rate and invite bonus, and the one-recharge-per-picture rule, on a real
 * PostgreSQL with two app instances (two pools, as two processes behind a proxy) sharing one uploads folder:
 * the same bytes submitted through both at once back one recharge, and the largest coin rate exchanges on
 * both without a server error (the int4 rate column answered 500 past 214 748 U).
 */
describe("money bounds and screenshot hashes on PostgreSQL, two pools", () => {
  let site: PostgresApps | undefined;
  let apps: FastifyInstance[] = [];
  const uploadsDir = mkdtempSync(join(tmpdir(), "trading-pg-bounds-"));
  let token: string;

  type Reply = { status: number; body: { code: number; msg: string; err?: string; data: any } };
  const send = (app: FastifyInstance, method: "GET" | "POST", url: string, fields: Record<string, string> = {}, headers = {}) =>
    app
      .inject(method === "GET" ? { method, url, query: fields, headers } : { method, url, payload: fields, headers })
      .then((r): Reply => ({ status: r.statusCode, body: r.json() }));
  const ops = (app: FastifyInstance, url: string, fields: Record<string, string>) => send(app, "POST", url, fields, { "ops-token": "t" });
  const upload = async (app: FastifyInstance, bytes: Buffer) => {
    const body = multipart(bytes, "shot.png", "image/png");
    const answer = await app.inject({
      method: "POST",
      url: "/api/user/uploadfile",
      headers: { token, "content-type": body.contentType },
      payload: body.payload,
    });
    return answer.json().data.url as string;
  };
  const recharge = (app: FastifyInstance, channel: number, screenshot: string) =>
    send(app, "POST", "/api/user/dorecharge", { requestId: rid(), channelId: String(channel), amount: "150", screenshot }, { token });

  beforeAll(async () => {
    site = await startPostgresApps({
      now: () => Math.floor(Date.now() / 1000),
      seed: { channels: true },
      app: () => ({ sms: { send: async () => {} }, opsToken: "t", uploadsDir, rateLimitScale: 100 }),
    });
    apps = site.apps;
    token = (await send(apps[0]!, "POST", "/api/login/index", { account: "demo", password: DEMO_PASSWORD })).body.data.token;
  }, 90_000);
  afterAll(async () => {
    await site?.close();
    rmSync(uploadsDir, { recursive: true, force: true });
  });

  it("the same bytes submitted through both processes at once back one recharge", async () => {
    const channel = (await send(apps[0]!, "GET", "/api/user/recharge", {}, { token })).body.data.channels[0].id as number;
    for (let round = 0; round < 5; round++) {
      const picture = makePng();
      const [first, second] = [await upload(apps[0]!, picture), await upload(apps[1]!, Buffer.from(picture))];
      expect(first).not.toBe(second);
      const answers = await Promise.all([recharge(apps[0]!, channel, first), recharge(apps[1]!, channel, second)]);
      expect(answers.map((a) => a.body.err ?? "ok").sort()).toEqual(["ok", "screenshot_used"]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    }
  });

  it("the coin rate is refused past its bound on either process, and the largest rate exchanges on both", async () => {
    // money rules are a person's to change: an admin signed in on the shared database
    const db = site!.databases[0]!.db;
    const person = await staff({
      database: { db },
      ctx: { db, now: () => Math.floor(Date.now() / 1000), log: () => {} },
      clock: { now: Math.floor(Date.now() / 1000) },
    });
    for (const app of apps) {
      const refused = await send(app, "POST", "/api/ops/money-rules", { coinRate: "214749" }, person);
      expect(refused.body).toMatchObject({ code: 0, err: "out_of_range", msg: "Coin rate must be between 0.0100 and 1,000.0000" });
    }
    // a new coin rate loosens a control: set straight, as a second admin's approval would (two-person.test.ts)
    await presetMoneyRules({ database: { db } }, { coinRate: 1000_0000 });
    const exchange = (app: FastifyInstance, from: string, amount: string) =>
      send(app, "POST", "/api/user/exchange", { requestId: rid(), from, amount, payPassword: DEMO_PAY_PASSWORD }, { token });
    const answers = await Promise.all([exchange(apps[0]!, "cash", "100"), exchange(apps[1]!, "cash", "100.5")]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const back = await Promise.all([exchange(apps[0]!, "coin", "0.1"), exchange(apps[1]!, "coin", "999999999999.99")]);
    expect(back[0]!.body.code).toBe(1);
    expect(back[1]!.body).toMatchObject({ code: 0, err: "amount_too_large" });
    const records = (await send(apps[1]!, "GET", "/api/user/exchange_record", {}, { token })).body.data.items;
    expect(records.map((r: { rate: string }) => r.rate)).toEqual(["1000.0000", "1000.0000", "1000.0000"]);
  });

  it("the invite bonus is refused past 1 000 U on either process", async () => {
    for (const app of apps) {
      expect((await ops(app, "/api/ops/invite-bonus", { amount: "999999999999.99" })).body).toMatchObject({
        code: 0,
        err: "amount_too_large",
        msg: "Amount can be at most 1,000.00\u00a0U",
      });
    }
  });
});
