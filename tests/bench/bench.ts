// `npm run bench`: figures, not verdicts. Server throughput on loopback (autocannon, bounded), settlement
// speed, in Chromium the first render of 5 000 candles, the time from a tick to the chart update, Home from a warm
// service worker and the trade screen's memory while quotes stream (pwa-bench.ts), and a mixed load of many users
// on PGlite and on PostgreSQL with two processes (mixed-load.ts).
import autocannon from "autocannon";

import { openDatabase } from "#server/db/client";
import { settleDueOrders } from "#server/jobs/settlement";

import { launchBrowser } from "../../scripts/browser.mjs";
import { startServerProcess } from "../e2e/server-process";
import { mixedLoadBench } from "./mixed-load";
import { homeWarmStart, streamingMemory } from "./pwa-bench";

const DURATION_SECONDS = 8;
// 10 minutes of streaming quotes, long enough for a slow leak to show; BENCH_STREAM_MINUTES=1 for a quick look
const STREAM_MINUTES = Number(process.env.BENCH_STREAM_MINUTES ?? 10);
const MEMORY_GROWTH_BOUND_MB = 5;
const targets = { ajaxpro: 10_000, addorder: 1_000, settlement: 5_000, candles: 100, tick: 50 };

function line(name: string, value: string, target: string) {
  console.log(`${name.padEnd(40)} ${value.padStart(16)}   target ${target}`);
}

async function cannon(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) =>
    autocannon({ duration: DURATION_SECONDS, connections: 32, ...options }, (error, result) => (error ? reject(error) : resolve(result))),
  );
}

async function serverBench(baseUrl: string) {
  const login = await fetch(`${baseUrl}/api/login/index`, {
    method: "POST",
    body: new URLSearchParams({ account: "demo", password: "demo1234" }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const products = ((await (await fetch(`${baseUrl}/api/index/ajaxdata?market=crypto`)).json()) as { data: Array<{ id: number }> }).data;
  const pids = products.map((p) => p.id).join(",");

  const quotes = await cannon({ url: `${baseUrl}/api/index/ajaxpro?pids=${pids}` });
  line("ajaxpro (latest quotes) req/s", quotes.requests.average.toFixed(0), `≥ ${targets.ajaxpro}`);
  line("ajaxpro p50 / p99 latency ms", `${quotes.latency.p50} / ${quotes.latency.p99}`, "");

  let counter = 0;
  const orders = await cannon({
    url: `${baseUrl}/api/user/addorder`,
    connections: 8,
    requests: [
      {
        method: "POST",
        setupRequest: (request) => ({
          ...request,
          headers: { "content-type": "application/x-www-form-urlencoded", token },
          body: new URLSearchParams({
            pid: String(products[0]!.id),
            direction: counter % 2 ? "up" : "down",
            seconds: "30",
            amount: "10",
            requestId: `bench-${Date.now()}-${counter++}`,
          }).toString(),
        }),
      },
    ],
  });
  line("addorder (place order) req/s", orders.requests.average.toFixed(0), `≥ ${targets.addorder}`);
  line("addorder p50 / p99 latency ms", `${orders.latency.p50} / ${orders.latency.p99}`, "");
  line("addorder non-2xx answers (limits, balance)", String(orders.non2xx), "");
}

/** Settlement alone, on its own in-memory database: 20 000 due orders settled from recorded ticks. */
async function settlementBench() {
  const database = await openDatabase({ dataDir: null });
  const db = database.db;
  const n = 20_000;
  await db.execute(
    `insert into users (account, password_hash, phone, invite_code, created_at, cash) select 'u' || i, 'x', '1', 'C' || i, 0, 100000000 from generate_series(1, 100) i` as never,
  );
  await db.execute(`insert into ticks (product_id, time, price) select 1, t, 100000 + (t % 7) from generate_series(1000, 1200) t` as never);
  await db.execute(
    `insert into orders (user_id, product_id, request_id, direction, amount, fee, seconds, payout_bps, open_price, open_tick_time, open_time, expires_at)
     select 1 + (i % 100), 1, 'r' || i, case when i % 2 = 0 then 'up' else 'down' end, 1000, 10, 30, 8000, 100003, 1000, 1000 + (i % 150), 1030 + (i % 150)
     from generate_series(1, ${n}) i` as never,
  );
  const started = performance.now();
  const settled = await settleDueOrders(db, 1300);
  const seconds = (performance.now() - started) / 1000;
  line("settlement orders/s (PGlite)", (settled / seconds).toFixed(0), `≥ ${targets.settlement}`);
  await database.close();
}

async function browserBench(baseUrl: string) {
  const browser = await launchBrowser();
  const page = await browser.newPage({ viewport: { width: 400, height: 860 } });
  await page.goto(`${baseUrl}/h5/#/pages/login/login`);
  await page.getByLabel("Account", { exact: true }).fill("demo");
  await page.getByLabel("Password", { exact: true }).fill("demo1234");
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL(/user\/user/);
  const products = ((await (await fetch(`${baseUrl}/api/index/ajaxdata?market=crypto`)).json()) as { data: Array<{ id: number }> }).data;
  await page.goto(`${baseUrl}/h5/#/pages/trade/trade?pid=${products[0]!.id}&period=1m&candles=5000`);
  await page.waitForFunction(() => performance.getEntriesByName("kline-first-render").length > 0, undefined, { timeout: 30_000 });
  const candles = await page.getByTestId("kline").getAttribute("data-candles");
  const first = await page.evaluate(() => performance.getEntriesByName("kline-first-render")[0]!.duration);
  line(`first render of ${candles} candles ms`, first.toFixed(1), `≤ ${targets.candles}`);
  await page.waitForFunction(() => performance.getEntriesByName("kline-tick").length >= 8, undefined, { timeout: 30_000 });
  const ticks = await page.evaluate(() => performance.getEntriesByName("kline-tick").map((entry) => entry.duration));
  ticks.sort((a, b) => a - b);
  line(
    "tick → chart update ms (median / max)",
    `${ticks[Math.floor(ticks.length / 2)]!.toFixed(1)} / ${ticks.at(-1)!.toFixed(1)}`,
    `≤ ${targets.tick}`,
  );

  const warm = await homeWarmStart(browser, baseUrl);
  line("Home usable, warm service worker ms", warm.interactive.toFixed(0), `(${Math.round(warm.fromWorker * 100)} % served by the worker)`);
  const memory = await streamingMemory(browser, baseUrl, products[0]!.id, STREAM_MINUTES);
  line(
    `trade heap growth over ${STREAM_MINUTES} min MB`,
    `${(memory.end - memory.start).toFixed(1)} (max ${memory.max.toFixed(1)})`,
    `≤ ${MEMORY_GROWTH_BOUND_MB} MB`,
  );
  await browser.close();
}

const server = await startServerProcess({ BACKFILL_MINUTE_DAYS: "4", RATE_LIMIT_SCALE: "10000" });
try {
  console.log(`Benchmarks (loopback, ${DURATION_SECONDS} s per HTTP run; figures only)\n`);
  await serverBench(server.baseUrl);
  await settlementBench();
  await browserBench(server.baseUrl);
} finally {
  await server.stop();
}
await mixedLoadBench();
