import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach } from "vitest";

import { endpoints } from "#contract/endpoints";
import type { AnswerOf, ApiPath } from "#contract/paths";
import { type Database, openDatabase } from "#server/db/client";
import { DEMO_PASSWORD, DEMO_PAY_PASSWORD, seedOnce } from "#server/db/seed";
import { vapidKeys } from "#server/db/vapid-keys";
import { buildApp } from "#server/http/app";
import { settleDueOrders } from "#server/jobs/settlement";
import type { FairParams } from "#server/market/fair-derivation";
import { PriceFeed } from "#server/market/feed";
import type { LiveSources } from "#server/market/live-prices";
import type { PricedProduct, PriceProvider } from "#server/market/provider";
import { seedProducts } from "#server/market/seed-products";
import { hashPassword } from "#server/modules/accounts/passwords";
import type { SmsSender } from "#server/modules/accounts/sms";
import { seedContent } from "#server/modules/content/service";
import type { ServiceContext } from "#server/modules/context";
import { seedPlans } from "#server/modules/finance/service";
import { seedTranslations } from "#server/modules/localized-texts/seed-translations";
import { updateMoneySettings } from "#server/modules/money/settings";
import { seedDepositChannels } from "#server/modules/recharge/seed-channels";

import { registrationForm } from "./registration-form";
import { migratedTemplate } from "./template-database";

/**
 * A feed for tests: each product's price stays put unless the test queued the next prices for it. Tests use
 * it to know outcomes in advance; the app itself only ever runs the simulated provider. Committed seconds
 * take the queued prices too (commitments, reveals, chain and uncommitted marks work as in production; a
 * test of the derivation itself starts the harness with `provider: new SimulatedProvider()`).
 */
export class ScriptedProvider implements PriceProvider {
  readonly simulated = true;
  readonly queued = new Map<number, number[]>();
  step(product: PricedProduct, price: number): number {
    return this.queued.get(product.id)?.shift() ?? price;
  }
  derive(params: FairParams, price: number): number {
    return this.queued.get(params.id)?.shift() ?? price;
  }
}

export const OPS_TOKEN = "test-ops-token";

export interface Harness {
  app: FastifyInstance;
  feed: PriceFeed;
  provider: ScriptedProvider;
  /** Moves the clock, records the feed up to it and runs settlement, as the job runner does each second. */
  advance(seconds: number): Promise<void>;
  /**
   * Advances second by second up to `time` (nothing when the clock is there): given an order's `resultAt`, the
   * round that reveals its exit minute's seed and settles it.
   */
  advanceTo(time: number | null): Promise<void>;
  database: Database;
  ctx: ServiceContext;
  /** every line the server logged (services, feed, jobs), oldest first */
  logs: string[];
  /** The test's clock (Unix seconds): move it to expire codes and sessions. */
  clock: { now: number };
  sentSms: Array<{ phone: string; code: string }>;
  uploadsDir: string;
  close(): Promise<void>;
}

/** A real server on a fresh in-memory PGlite, seeded with the demo account, driven with inject(). */
// 2027-01-15 08:00 UTC, a Friday: forex, metals, futures and crypto trade; US stocks are before the open.
export const HARNESS_START = 1_800_000_000;

export interface HarnessOptions {
  rateLimitScale?: number;
  /** a PGlite folder, to stop and start again on the same data (crash tests); in memory by default */
  dataDir?: string;
  start?: number;
  /** queue prices before the feed opens (and fills any gap since the last run) */
  prepare?: (provider: ScriptedProvider) => void;
  /** the production provider instead of the scripted one (tests of the derived feed itself) */
  provider?: PriceProvider;
  /** real sources products may be switched to (a local fake exchange in tests) */
  live?: LiveSources;
  /** how long per-second ticks are kept (6 h, as in production, by default) */
  retentionSeconds?: number;
  /** PostgreSQL instead of PGlite (tests/server/postgres-pair.ts starts two apps on one database) */
  databaseUrl?: string;
  /**
   * Follow the feed another harness on the same PostgreSQL records, as a server process that does not lead:
   * `advance` moves the clock and reads the recorded feed, and settles nothing.
   */
  follower?: boolean;
  /** a clock shared with another harness (two processes of one deployment see one time) */
  clock?: { now: number };
  /** how often open update streams get their keep-alive and check their hold (15 s as in production) */
  streamHeartbeatMs?: number;
  /**
   * Keep the money rule that a first withdrawal needs a passed real-name check, as a new platform has it. Off by
   * default here: most money tests withdraw for customers nobody verified, which is not what they test.
   */
  realNameBeforeWithdrawal?: boolean;
  /** origins besides the browsers' push services a push subscription may name (a local push service) */
  pushEndpointOrigins?: string[];
  /** a built PWA (or a stand-in) to serve at /h5/, as `npm start` serves dist/ */
  distDir?: string;
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const database = await openDatabase(
    options.databaseUrl
      ? { databaseUrl: options.databaseUrl, dataDir: null }
      : { dataDir: options.dataDir ?? null, template: options.dataDir ? undefined : await migratedTemplate() },
  );
  const clock = options.clock ?? { now: options.start ?? HARNESS_START };
  const logs: string[] = [];
  const ctx: ServiceContext = { db: database.db, now: () => clock.now, log: (m) => logs.push(m) };
  await seedOnce(ctx, { password: await hashPassword(DEMO_PASSWORD), payPassword: await hashPassword(DEMO_PAY_PASSWORD) });
  await seedProducts(database.db);
  await seedDepositChannels(database.db);
  await seedPlans(ctx);
  await seedTranslations(database.db);
  // as every server start does: the push key exists before anything asks for it
  await vapidKeys(database.db);
  if (!options.realNameBeforeWithdrawal) await updateMoneySettings(database.db, { firstWithdrawalNeedsRealName: false });
  const provider = new ScriptedProvider();
  options.prepare?.(provider);
  const feed = new PriceFeed({
    db: database.db,
    provider: options.provider ?? provider,
    now: ctx.now,
    log: ctx.log,
    retentionSeconds: options.retentionSeconds ?? 6 * 3600,
    backfillMinuteDays: 0.01,
    live: options.live,
  });
  if (options.follower) await feed.follow();
  else await feed.open();
  await seedContent(ctx);
  const uploadsDir = mkdtempSync(join(tmpdir(), "trading-uploads-"));
  const sentSms: Harness["sentSms"] = [];
  const sms: SmsSender = { send: async (phone, code) => void sentSms.push({ phone, code }) };
  const app = await buildApp({
    ctx,
    sms,
    opsToken: OPS_TOKEN,
    feed,
    uploadsDir,
    rateLimitScale: options.rateLimitScale ?? 100,
    listen: database.listen,
    streamHeartbeatMs: options.streamHeartbeatMs,
    pushEndpointOrigins: options.pushEndpointOrigins,
    distDir: options.distDir,
  });
  await app.ready();
  const advance = async (seconds: number) => {
    for (let i = 0; i < seconds; i++) {
      clock.now += 1;
      if (options.follower) {
        await feed.follow();
        continue;
      }
      await feed.advance(clock.now);
      await settleDueOrders(database.db, clock.now);
    }
  };
  return {
    app,
    feed,
    provider,
    advance,
    advanceTo: (time: number | null) => {
      // an order's resultAt is null only once it is settled or void: waiting for it is a mistake in the test
      if (time === null) throw new Error("advanceTo: no time to advance to (the order is no longer holding)");
      return advance(Math.max(0, time - clock.now));
    },
    database,
    ctx,
    logs,
    clock,
    sentSms,
    uploadsDir,
    async close() {
      await app.close();
      await feed.close();
      await database.close();
      rmSync(uploadsDir, { recursive: true, force: true });
    },
  };
}

export interface Answer<Data = any> {
  status: number;
  body: { code: number; msg: string; err?: string; data: Data; feed?: string };
}

/**
 * The `data` a test reads from an answer to this path: the contract's answer type once the path has one, `any`
 * until then (so a test of a path still without one reads its fields as it always has).
 */
export type DataOf<P> = unknown extends AnswerOf<P> ? any : AnswerOf<P>;

/** Anything that serves the app: a harness, or one of the two apps of a PostgreSQL pair. */
export interface Served {
  app: FastifyInstance;
}

/**
 * A form-urlencoded POST (or GET with a query), as the PWA sends it. Given a contract entry
 * (`api(h, endpoints.wallet, {}, { token })`), the method and path come from it and the answer is typed by the
 * entry's answer type; the method-and-path form stays for what the contract does not list (files, hostile
 * paths, other methods' refusals).
 */
export async function api<P extends ApiPath>(
  h: Served,
  endpoint: P,
  fields?: Record<string, string>,
  headers?: Record<string, string>,
): Promise<Answer<DataOf<P>>>;
export async function api(
  h: Served,
  method: "GET" | "POST",
  path: string,
  fields?: Record<string, string>,
  headers?: Record<string, string>,
): Promise<Answer>;
export async function api(
  h: Served,
  target: ApiPath | "GET" | "POST",
  second?: string | Record<string, string>,
  third?: Record<string, string>,
  fourth?: Record<string, string>,
): Promise<Answer> {
  type Fields = Record<string, string> | undefined;
  const [method, path, fields = {}, headers = {}] =
    typeof target === "string" ? [target, second as string, third, fourth] : [target.method, target.path, second as Fields, third];
  const query = new URLSearchParams(fields).toString();
  const response = await h.app.inject({
    method,
    url: method === "GET" && query ? `${path}?${query}` : path,
    headers: method === "POST" ? { "content-type": "application/x-www-form-urlencoded", ...headers } : headers,
    payload: method === "POST" ? query : undefined,
  });
  // a list's CSV export answers the text itself, not the envelope: read as a success whose data is the text
  if (response.statusCode === 200 && String(response.headers["content-type"]).startsWith("text/csv"))
    return { status: 200, body: { code: 1, msg: "CSV export", data: response.body } };
  return { status: response.statusCode, body: response.json() };
}

let requestCounter = 0;
/** A fresh requestId, as the app makes one per form submission. */
export const rid = (prefix = "test") => `${prefix}-${process.pid}-${++requestCounter}-${Math.random().toString(36).slice(2, 10)}`;

/** The id of the product with this code, as the feed holds it. */
export function productId(feed: PriceFeed, code: string): number {
  const product = [...feed.products.values()].find((candidate) => candidate.code === code);
  if (!product) throw new Error(`no product ${code} in the feed`);
  return product.id;
}

/** Places an order as the app does: 100 up for 30 s with a fresh requestId, unless `fields` say otherwise. */
export const placeOrder = (h: Served, token: string, pid: number, fields: Record<string, string> = {}) =>
  api(h, endpoints.placeOrder, { pid: String(pid), direction: "up", seconds: "30", amount: "100", requestId: rid(), ...fields }, { token });

export async function loginDemo(h: Served): Promise<string> {
  const answer = await api(h, endpoints.login, { account: "demo", password: DEMO_PASSWORD });
  if (answer.body.code !== 1) throw new Error(`demo login failed: ${answer.body.msg}`);
  return answer.body.data.token as string;
}

/**
 * The set-up of a file of order tests: a harness for the file with the demo customer signed in and BTCUSDT's
 * id, the clock one second on before each test (so each order opens on a new tick). Read it inside a test.
 */
export function demoTraderPerFile(): { h: Harness; token: string; btc: number } {
  const site = {} as { h: Harness; token: string; btc: number };
  beforeAll(async () => {
    site.h = await startHarness();
    site.token = await loginDemo(site.h);
    site.btc = productId(site.h.feed, "BTCUSDT");
  });
  afterAll(() => site.h?.close());
  beforeEach(() => site.h.advance(1));
  return site;
}

/** Changes the login password as the security page does (`password2` repeats `password` unless told). */
export const changeLoginPassword = (h: Served, token: string, oldPassword: string, password: string, password2 = password) =>
  api(h, endpoints.changeLoginPassword, { oldPassword, password, password2 }, { token });

/** Counts of the tables a refused request must not change. */
export async function snapshot(h: Harness): Promise<string> {
  const result = await h.database.db.execute(
    "select (select count(*) from users) u, (select count(*) from sessions) s, (select count(*) from sms_codes) c, (select count(*) from ledger) l, (select count(*) from orders) o, (select count(*) from bank_cards) b, (select count(*) from recharges) r, (select count(*) from withdrawals) w, (select count(*) from exchanges) x, (select count(*) from uploads) f, (select count(*) from subscriptions) y, (select count(*) from contents) k, (select count(*) from signins) g, (select string_agg(password_hash || coalesce(pay_password_hash, '') || cash::text || coin::text || frozen::text || yuebao::text || locked::text, ',' order by id) from users) h" as never,
  );
  return JSON.stringify((result as unknown as { rows: unknown[] }).rows);
}

let phoneCounter = 0;
export const freshPhone = () => `139${String(Date.now() % 1e6).padStart(6, "0")}${String(phoneCounter++).padStart(2, "0")}`;

/** Registers a new user through SMS + invitation, returning its token and account. */
export async function registerUser(h: Harness, account: string, password = "secret123", payPassword = "pay12345") {
  const phone = freshPhone();
  const sent = await api(h, endpoints.sendSms, { phone });
  if (sent.body.code !== 1) throw new Error(`sms failed: ${sent.body.msg}`);
  const code = h.sentSms.at(-1)!.code;
  const answer = await api(h, endpoints.register, registrationForm({ account, password, payPassword, phone, smsCode: code }));
  return { answer, phone, token: answer.body.data?.token as string | undefined };
}
