import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";

import type { OpsRole } from "#contract/operators";
import type { Db } from "#server/db/client";
import { operators, recharges, users } from "#server/db/schema";
import { DEMO_ACCOUNT } from "#server/db/seed";
import { createOperator } from "#server/modules/operators/service";
import { totpCode } from "#server/modules/operators/totp";

import { HARNESS_START, OPS_TOKEN, startHarness } from "./harness";
import { startPostgresApps } from "./postgres-pair";

/**
 * The back office as the tests of its attacks need it: on PGlite one app (one process), on PostgreSQL two apps
 * with a pool each on one database (two processes behind a proxy). Requests go to `apps[i % apps.length]`.
 */
export interface OpsSite {
  kind: "pglite" | "postgres";
  apps: FastifyInstance[];
  db: Db;
  clock: { now: number };
  close(): Promise<void>;
}

export async function pgliteSite(): Promise<OpsSite> {
  const h = await startHarness();
  return { kind: "pglite", apps: [h.app], db: h.database.db, clock: h.clock, close: () => h.close() };
}

export async function postgresSite(options: { streamHeartbeatMs?: number } = {}): Promise<OpsSite> {
  const clock = { now: HARNESS_START };
  const uploadsDir = mkdtempSync(join(tmpdir(), "trading-ops-pg-"));
  const site = await startPostgresApps({
    now: () => clock.now,
    seed: { products: true, channels: true },
    ready: true,
    // each hears the other's committed events as the server's processes do (server/main.ts)
    app: (database) => ({
      sms: { send: async () => {} },
      opsToken: OPS_TOKEN,
      uploadsDir,
      rateLimitScale: 100,
      listen: database.listen,
      streamHeartbeatMs: options.streamHeartbeatMs,
    }),
  });
  return {
    kind: "postgres",
    apps: site.apps,
    db: site.databases[0]!.db,
    clock,
    async close() {
      await site.close();
      rmSync(uploadsDir, { recursive: true, force: true });
    },
  };
}

export interface Reply {
  status: number;
  body: { code: number; msg: string; err?: string; data: any };
  setCookie: string;
}

/** A form POST (or GET with a query) to one of the site's apps. */
export async function send(
  app: FastifyInstance,
  method: "GET" | "POST",
  path: string,
  fields: Record<string, string> = {},
  options: { headers?: Record<string, string>; address?: string } = {},
): Promise<Reply> {
  const query = new URLSearchParams(fields).toString();
  const response = await app.inject({
    method,
    url: method === "GET" && query ? `${path}?${query}` : path,
    headers: method === "POST" ? { "content-type": "application/x-www-form-urlencoded", ...options.headers } : options.headers,
    payload: method === "POST" ? query : undefined,
    remoteAddress: options.address,
  });
  return { status: response.statusCode, body: response.json(), setCookie: String(response.headers["set-cookie"] ?? "") };
}

export const OPERATOR_PASSWORD = "operator-pass-1";

export async function totpSecretOf(db: Db, username: string): Promise<string> {
  const [row] = await db.select().from(operators).where(eq(operators.username, username));
  return row!.totpSecret;
}

/** The authenticator code of `username` at the site's current time. */
export const currentCode = async (site: OpsSite, username: string) =>
  totpCode(username, await totpSecretOf(site.db, username), site.clock.now);

/** Creates an operator and answers its username. */
export async function addOperator(site: OpsSite, username: string, role: OpsRole): Promise<string> {
  await createOperator(site.db, { username, role, password: OPERATOR_PASSWORD }, site.clock.now);
  return username;
}

/** Signs `username` in (with a fresh authenticator step) and answers its session cookie (name=value). */
export async function signedIn(site: OpsSite, username: string, address = "10.9.0.1", app = site.apps[0]!): Promise<string> {
  site.clock.now += 30;
  const reply = await send(
    app,
    "POST",
    "/api/ops/login",
    { username, password: OPERATOR_PASSWORD, code: await currentCode(site, username) },
    { address },
  );
  if (reply.body.code !== 1) throw new Error(`sign-in of ${username} failed: ${reply.body.msg}`);
  return reply.setCookie.split(";")[0]!;
}

/** A recharge of the demo customer waiting for review, as the customer's form leaves it (amount in cents). */
export async function pendingRecharge(site: OpsSite, cents: number): Promise<number> {
  const [demo] = await site.db.select({ id: users.id }).from(users).where(eq(users.account, DEMO_ACCOUNT));
  const [row] = await site.db
    .insert(recharges)
    .values({ userId: demo!.id, channelId: 1, amount: cents, screenshot: "/api/files/none.png", createdAt: site.clock.now })
    .returning({ id: recharges.id });
  return row!.id;
}

/** How many answers had each error key ("ok" for a success). */
export const tally = (replies: Reply[]) =>
  replies.map((reply) => reply.body.err ?? "ok").reduce<Record<string, number>>((acc, key) => ({ ...acc, [key]: (acc[key] ?? 0) + 1 }), {});
