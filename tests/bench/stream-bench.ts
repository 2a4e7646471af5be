// The update stream, for `npm run bench`: how soon a settlement reaches an open stream (PGlite: the real
// settlement and a real SSE connection in this process; PostgreSQL: the outbox committed through one pool and
// heard by another pool's hub, as across two processes), how many idle streams one server process holds and
// at what memory each, and how many requests a signed-in customer on Mine sends a minute with and without the
// stream. Figures, not verdicts.
import { readFileSync } from "node:fs";
import { request } from "node:http";
import type { AddressInfo } from "node:net";

import type { Browser } from "playwright-core";

import { fairRevealTime } from "#contract/fair";
import { type Database, openDatabase } from "#server/db/client";
import { recordEvents } from "#server/db/outbox";
import { users } from "#server/db/schema";
import { settleDueOrders } from "#server/jobs/settlement";
import { EventHub } from "#server/modules/events/hub";

import { startServerProcess } from "../e2e/server-process";
import { api, loginDemo, placeOrder, productId, startHarness } from "../server/harness";
import { startTempPostgres } from "../server/postgres-server";
import { openStream } from "../server/stream-client";

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

export interface LatencyFigures {
  p50: number;
  p99: number;
  samples: number;
}

/** PGlite: orders settled by the settlement job's own function, each event timed to its arrival on an open stream. */
export async function settlementToStreamPglite(rounds = 5, ordersPerRound = 100): Promise<LatencyFigures> {
  const h = await startHarness({ rateLimitScale: 10_000 });
  try {
    await h.app.listen({ port: 0, host: "127.0.0.1" });
    const base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
    const token = await loginDemo(h);
    const ticket = (await api(h, "POST", "/api/user/stream_ticket", {}, { token })).body.data.ticket as string;
    const stream = await openStream(base, `ticket=${ticket}`);
    const pid = productId(h.feed, "BTCUSDT");
    const latencies: number[] = [];
    for (let round = 0; round < rounds; round++) {
      for (let i = 0; i < ordersPerRound; i++) await placeOrder(h, token, pid, { amount: "10" });
      // to the reveal of the orders' exit minute: they settle only then (the recorder reveals in this round)
      h.clock.now = fairRevealTime(Math.floor((h.clock.now + 30) / 60));
      await h.feed.advance(h.clock.now);
      const before = stream.events.length;
      const started = performance.now();
      await settleDueOrders(h.database.db, h.clock.now);
      const arrivals: number[] = [];
      await new Promise<void>((resolve) => {
        const check = setInterval(() => {
          while (arrivals.length < stream.events.length - before) arrivals.push(performance.now());
          if (arrivals.length >= ordersPerRound) {
            clearInterval(check);
            resolve();
          }
        }, 1);
      });
      latencies.push(...arrivals.map((at) => at - started));
    }
    stream.close();
    return { p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), samples: latencies.length };
  } finally {
    await h.close();
  }
}

/** PostgreSQL: a settlement-sized outbox batch committed through one pool, timed to its arrival at another pool's hub. */
export async function commitToHubPostgres(rounds = 50, eventsPerRound = 100): Promise<LatencyFigures> {
  const postgres = await startTempPostgres();
  const databases: Database[] = [];
  let hub: EventHub | undefined;
  try {
    for (let i = 0; i < 2; i++) databases.push(await openDatabase({ databaseUrl: postgres.url, dataDir: null }));
    const [user] = await databases[0]!.db
      .insert(users)
      .values({ account: "benchstream", passwordHash: "x", phone: "13900000002", inviteCode: "BENCH1", createdAt: 1 })
      .returning({ id: users.id });
    hub = new EventHub(databases[1]!.db, () => {});
    await hub.start(databases[1]!.listen);
    const arrivals: number[] = [];
    hub.subscribe({ userId: user!.id, deliver: () => arrivals.push(performance.now()) });
    const latencies: number[] = [];
    for (let round = 0; round < rounds; round++) {
      arrivals.length = 0;
      const started = performance.now();
      await databases[0]!.db.transaction((tx) =>
        recordEvents(
          tx,
          Array.from({ length: eventsPerRound }, (_, n) => ({ userId: user!.id, kind: "message" as const, data: { id: n } })),
          1,
        ),
      );
      while (arrivals.length < eventsPerRound) await new Promise((resolve) => setTimeout(resolve, 1));
      latencies.push(...arrivals.map((at) => at - started));
    }
    return { p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), samples: latencies.length };
  } finally {
    await hub?.stop();
    for (const database of databases) await database.close();
    postgres.stop();
  }
}

const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]);

/** Idle streams held by one server process (PGlite, as `npm start`): its resident memory before and after. */
export async function idleStreams(count = 10_000): Promise<{ held: number; kbPerStream: number }> {
  const server = await startServerProcess({ RATE_LIMIT_SCALE: "100000" });
  const open: Array<() => void> = [];
  try {
    const login = await fetch(`${server.baseUrl}/api/login/index`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "account=demo&password=demo1234",
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const ticket = async () =>
      (
        (await (await fetch(`${server.baseUrl}/api/user/stream_ticket`, { method: "POST", headers: { token } })).json()) as {
          data: { ticket: string };
        }
      ).data.ticket;
    // settle the process's memory after start-up before the first reading
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const before = rssKb(server.child.pid!);
    let held = 0;
    for (let start = 0; start < count; start += 200) {
      const tickets = await Promise.all(Array.from({ length: Math.min(200, count - start) }, ticket));
      await Promise.all(
        tickets.map(
          (value) =>
            new Promise<void>((resolve) => {
              const req = request(`${server.baseUrl}/api/stream?ticket=${value}`, { agent: false }, (res) => {
                if (res.statusCode === 200) held++;
                res.once("data", () => resolve());
                res.once("error", () => resolve());
              });
              req.once("error", () => resolve());
              req.end();
              open.push(() => req.destroy());
            }),
        ),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const after = rssKb(server.child.pid!);
    return { held, kbPerStream: (after - before) / Math.max(1, held) };
  } finally {
    for (const close of open) close();
    await server.stop();
  }
}

/** Requests a signed-in customer on Mine sends in a minute, with the stream and with it blocked (the fallback). */
export async function requestsPerMinute(browser: Browser, baseUrl: string, seconds = 60): Promise<{ withStream: number; without: number }> {
  const login = await fetch(`${baseUrl}/api/login/index`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "account=demo&password=demo1234",
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const count = async (blockStream: boolean) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    if (blockStream) await page.route("**/api/stream?**", (route) => route.abort());
    await page.goto(`${baseUrl}/h5/#/`);
    await page.evaluate((value) => localStorage.setItem("token", value), token);
    await page.goto(`${baseUrl}/h5/#/pages/user/user`);
    await page.getByTestId("account-name").waitFor({ timeout: 20_000 });
    await page.waitForTimeout(3_000);
    let requests = 0;
    page.on("request", (sent) => {
      const path = new URL(sent.url()).pathname;
      // the quote worker's polls are the same either way (quotes stay polled); the rest is what the stream replaces
      if (path.startsWith("/api/") && path !== "/api/index/ajaxpro" && path !== "/api/stream") requests++;
    });
    await page.waitForTimeout(seconds * 1000);
    await context.close();
    return (requests * 60) / seconds;
  };
  return { withStream: await count(false), without: await count(true) };
}
