import { tmpdir } from "node:os";
import { join } from "node:path";

import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { DEMO_PASSWORD } from "#server/db/seed";

import { type PostgresApps, startPostgresApps } from "./postgres-pair";

/**
 * Two app instances on one PostgreSQL, each with its own pool, as two processes behind a proxy: the login
 * limit (20 a minute per address, 5 at this scale) holds across both, where counting per process would allow 5
 * on each.
 */
const SCALE = 0.25;
describe("rate limits shared by the processes on one PostgreSQL", () => {
  let site: PostgresApps | undefined;
  let apps: FastifyInstance[] = [];
  // the limits' clock, shared by both processes: a test moves it to end a window
  const clock = { ms: Date.now() };

  // each server process: its own pool on the shared database, its own app (and its own leases)
  beforeAll(async () => {
    site = await startPostgresApps({
      now: () => Math.floor(Date.now() / 1000),
      app: () => ({
        sms: { send: async () => {} },
        uploadsDir: join(tmpdir(), "trading-pg-uploads"),
        sharedRateLimits: true,
        rateLimitNow: () => clock.ms,
        rateLimitScale: SCALE,
      }),
    });
    apps = site.apps;
  }, 90_000);
  afterAll(async () => {
    await site?.close();
  });

  const placeOrder = (app: FastifyInstance, remoteAddress: string) =>
    app.inject({ method: "POST", url: "/api/user/addorder", payload: {}, remoteAddress });
  const login = (app: FastifyInstance, remoteAddress: string) =>
    app.inject({ method: "POST", url: "/api/login/index", payload: { account: "demo", password: DEMO_PASSWORD }, remoteAddress });

  it("five logins a minute from one address in total, whichever process answers", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await login(apps[i % 2]!, "10.20.0.1")).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    const refused = await login(apps[1]!, "10.20.0.1");
    expect(refused.json()).toMatchObject({ code: 0, err: "rate_limited" });
    // another address has its own count, on both processes
    expect((await login(apps[1]!, "10.20.0.2")).statusCode).toBe(200);
    expect((await login(apps[0]!, "10.20.0.2")).statusCode).toBe(200);
  });

  it("counts concurrent requests exactly: a burst across both processes gets five through", async () => {
    const replies = await Promise.all(Array.from({ length: 12 }, (_, i) => login(apps[i % 2]!, "10.20.0.3")));
    expect(replies.filter((reply) => reply.statusCode === 200)).toHaveLength(5);
    expect(replies.filter((reply) => reply.statusCode === 429)).toHaveLength(7);
  });

  it("starts a fresh count when the window has passed", async () => {
    for (let i = 0; i < 6; i++) await login(apps[i % 2]!, "10.20.0.4");
    expect((await login(apps[0]!, "10.20.0.4")).statusCode).toBe(429);
    expect((await login(apps[1]!, "10.20.0.4")).statusCode).toBe(429);
    // a minute passes: both processes count afresh, however much of a slice each still held
    clock.ms += 60_000;
    expect((await login(apps[1]!, "10.20.0.4")).statusCode).toBe(200);
    expect((await login(apps[0]!, "10.20.0.4")).statusCode).toBe(200);
  });

  it("a busy route's limit (orders, leased in slices) also holds exactly across both processes", async () => {
    // 120 orders a minute per address, 30 at this scale; counted before the session is checked
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await placeOrder(apps[i % 2]!, "10.20.0.5")).statusCode);
    expect(statuses.filter((status) => status !== 429)).toHaveLength(30);
    expect(statuses.slice(30)).toEqual(Array(10).fill(429));
  });

  it("restarting a process again and again does not shrink an address's budget: a stopping process hands back its unspent slices", async () => {
    // the app-wide limit: 600 a minute per address, 150 at this scale; /api/docs has no limit of its own
    const MAX = 150;
    const poll = (app: FastifyInstance) => app.inject({ method: "GET", url: "/api/docs", remoteAddress: "10.20.0.9" });
    let admitted = 0;
    const count = async (app: FastifyInstance) => {
      if ((await poll(app)).statusCode !== 429) admitted++;
    };
    // a rolling restart: the other process is stopped and started four times while the client polls both
    for (let restart = 0; restart < 4; restart++) {
      const restarted = await site!.startApp();
      for (let i = 0; i < 2; i++) {
        await count(apps[0]!);
        await count(restarted.app);
      }
      await restarted.app.close();
      await restarted.database.close();
    }
    expect(admitted).toBe(16);
    // the whole budget is still there for the client, across the process that stayed and a new one
    const last = await site!.startApp();
    try {
      for (let i = 0; i < 2 * MAX; i++) await count(i % 2 ? last.app : apps[0]!);
    } finally {
      await last.app.close();
      await last.database.close();
    }
    expect(admitted).toBe(MAX);
  }, 60_000);
});
