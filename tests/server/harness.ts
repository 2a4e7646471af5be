import type { FastifyInstance } from "fastify";
import { openDatabase, type Database } from "../../server/db/client";
import { DEMO_PASSWORD, DEMO_PAY_PASSWORD, seedOnce } from "../../server/db/seed";
import { buildApp } from "../../server/http/app";
import { hashPassword } from "../../server/modules/accounts/passwords";
import type { SmsSender } from "../../server/modules/accounts/sms";
import type { ServiceContext } from "../../server/modules/context";

export const OPS_TOKEN = "test-ops-token";

export interface Harness {
  app: FastifyInstance;
  database: Database;
  ctx: ServiceContext;
  /** The test's clock (Unix seconds): move it to expire codes and sessions. */
  clock: { now: number };
  sentSms: Array<{ phone: string; code: string }>;
  close(): Promise<void>;
}

/** A real server on a fresh in-memory PGlite, seeded with the demo account, driven with inject(). */
export async function startHarness(options: { rateLimitScale?: number } = {}): Promise<Harness> {
  const database = await openDatabase({ dataDir: null });
  const clock = { now: 1_800_000_000 };
  const logs: string[] = [];
  const ctx: ServiceContext = { db: database.db, now: () => clock.now, log: (m) => logs.push(m) };
  await seedOnce(ctx, { password: await hashPassword(DEMO_PASSWORD), payPassword: await hashPassword(DEMO_PAY_PASSWORD) });
  const sentSms: Harness["sentSms"] = [];
  const sms: SmsSender = { send: async (phone, code) => void sentSms.push({ phone, code }) };
  const app = await buildApp({ ctx, sms, opsToken: OPS_TOKEN, rateLimitScale: options.rateLimitScale ?? 100 });
  await app.ready();
  return {
    app,
    database,
    ctx,
    clock,
    sentSms,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export interface Answer {
  status: number;
  body: { code: number; msg: string; err?: string; data: any };
}

/** A form-urlencoded POST (or GET with a query), as the PWA sends it. */
export async function api(
  h: Harness,
  method: "GET" | "POST",
  path: string,
  fields: Record<string, string> = {},
  headers: Record<string, string> = {},
): Promise<Answer> {
  const query = new URLSearchParams(fields).toString();
  const response = await h.app.inject({
    method,
    url: method === "GET" && query ? `${path}?${query}` : path,
    headers: method === "POST" ? { "content-type": "application/x-www-form-urlencoded", ...headers } : headers,
    payload: method === "POST" ? query : undefined,
  });
  return { status: response.statusCode, body: response.json() };
}

export async function loginDemo(h: Harness): Promise<string> {
  const answer = await api(h, "POST", "/api/login/index", { account: "demo", password: DEMO_PASSWORD });
  if (answer.body.code !== 1) throw new Error(`demo login failed: ${answer.body.msg}`);
  return answer.body.data.token as string;
}

/** Counts of the tables a refused request must not change. */
export async function snapshot(h: Harness): Promise<string> {
  const result = await h.database.db.execute(
    "select (select count(*) from users) u, (select count(*) from sessions) s, (select count(*) from sms_codes) c, (select count(*) from ledger) l, (select string_agg(password_hash || coalesce(pay_password_hash, '') || cash::text || locked::text, ',' order by id) from users) h" as never,
  );
  return JSON.stringify((result as unknown as { rows: unknown[] }).rows);
}

let phoneCounter = 0;
export const freshPhone = () => `139${String(Date.now() % 1e6).padStart(6, "0")}${String(phoneCounter++).padStart(2, "0")}`;

/** Registers a new user through SMS + invitation, returning its token and account. */
export async function registerUser(h: Harness, account: string, password = "secret123", payPassword = "pay12345") {
  const phone = freshPhone();
  const sent = await api(h, "POST", "/api/login/sendsms", { phone });
  if (sent.body.code !== 1) throw new Error(`sms failed: ${sent.body.msg}`);
  const code = h.sentSms.at(-1)!.code;
  const answer = await api(h, "POST", "/api/login/reg", {
    account,
    password,
    password2: password,
    payPassword,
    payPassword2: payPassword,
    phone,
    smsCode: code,
    inviteCode: "DEMO88",
  });
  return { answer, phone, token: answer.body.data?.token as string | undefined };
}
