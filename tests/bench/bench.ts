// `npm run bench`: figures, not verdicts. Server throughput on loopback (autocannon, bounded) beside baselines
// measured in the same run: each quote endpoint beside a bare Fastify route answering a constant body of the
// same size (the most this machine could serve), order placement beside the database engine doing the same
// writes by hand (PGlite in this process, with the server's per-order cost split; plain `pg` on PostgreSQL,
// order-costs.ts), settlement speed on both databases, the feed round (feed-round.ts), in Chromium the first render of 5 000 candles, the time
// from a tick to the chart update, Home from a warm service worker and the trade screen's memory while quotes
// stream (pwa-bench.ts), and a mixed load of many users on PGlite and on PostgreSQL with two processes
// (mixed-load.ts). One table at the end: baseline, measured, ratio and goal per line.
// BENCH_PARTS=quotes,orders,settlement,feed,browser,mixed,scale,stream picks parts (all by default); `orders` without `mixed`
// also places orders alone over HTTP on both deployments (the mixed part measures those lines otherwise).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import autocannon from "autocannon";
import { eq } from "drizzle-orm";

import { type Database, openDatabase } from "#server/db/client";
import { products } from "#server/db/schema";
import { settleDueOrders, SETTLEMENT_BATCH } from "#server/jobs/settlement";
import { seedProducts } from "#server/market/seed-products";

import { launchBrowser } from "../../scripts/browser.mjs";
import { scaleBenchRows } from "../crash/scale-load";
import { startServerProcess } from "../e2e/server-process";
import { startTempPostgres } from "../server/postgres-server";
import { chartTimings } from "./chart-bench";
import { feedRound } from "./feed-round";
import { mixedLoadBench, OPS_TOKEN, orderPlacementBench, P99_GOAL_MS, REFERENCE_RATE } from "./mixed-load";
import { pgliteOrderCosts, plainPgOrderBaseline } from "./order-costs";
import { homeWarmStart, streamingMemory } from "./pwa-bench";
import { commitToHubPostgres, idleStreams, requestsPerMinute, settlementToStreamPglite } from "./stream-bench";

const DURATION_SECONDS = 8;
// a short run first, on baseline and server alike, so neither is measured while its code is still being compiled
const WARM_UP_SECONDS = 2;
const PARTS = new Set((process.env.BENCH_PARTS ?? "quotes,orders,settlement,feed,browser,mixed,scale,stream").split(","));
// 10 minutes of streaming quotes, long enough for a slow leak to show; BENCH_STREAM_MINUTES=1 for a quick look
const STREAM_MINUTES = Number(process.env.BENCH_STREAM_MINUTES ?? 10);
const MEMORY_GROWTH_BOUND_MB = 5;
const targets = { addorder: 1_000, settlement: 5_000, candles: 60, tick: 4 };
/** order placement on PostgreSQL with two processes reaches at least this share of plain `pg` doing its writes */
const ORDERS_SHARE_OF_BASELINE = 0.8;
/** a quote endpoint serves at least this share of what a bare route with a constant body of its size does */
const QUOTES_SHARE_OF_BASELINE = 0.6;
// what a browser sends: quote answers big enough are compressed, as on the bare route
const BROWSER_ENCODING = { "accept-encoding": "br, gzip" };

function line(name: string, value: string, target: string) {
  console.log(`${name.padEnd(40)} ${value.padStart(16)}   target ${target}`);
}

interface Row {
  name: string;
  baseline?: number;
  measured: number;
  goal: string;
  /** whether the goal is met, when it is a number to meet */
  met?: boolean;
}
const table: Row[] = [];

function printTable() {
  const cell = (text: string, width: number) => text.padStart(width);
  console.log(`\n${"".padEnd(52)} ${cell("baseline", 10)} ${cell("measured", 10)} ${cell("ratio", 7)}   goal`);
  for (const row of table) {
    const ratio = row.baseline ? row.measured / row.baseline : undefined;
    const verdict = row.met === undefined ? "" : row.met ? "  met" : "  NOT met";
    console.log(
      `${row.name.padEnd(52)} ${cell(row.baseline?.toFixed(0) ?? "—", 10)} ${cell(row.measured.toFixed(0), 10)} ${cell(ratio === undefined ? "—" : `${ratio.toFixed(2)}×`, 7)}   ${row.goal}${verdict}`,
    );
  }
}

/** The bare route of baseline-server.ts answering `body`, in a process of its own like the server. */
async function startBaseline(body: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), "trading-baseline-"));
  const file = join(dir, "body.json");
  writeFileSync(file, body);
  const child = spawn(process.execPath, ["--import", "tsx", "tests/bench/baseline-server.ts"], {
    env: { ...process.env, BASELINE_BODY_FILE: file },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let output = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/LISTENING (\d+)/);
      if (match) resolve(Number(match[1]));
    });
    child.once("exit", (code) => reject(new Error(`baseline server exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}/constant`,
    async stop() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A quote endpoint against the bare route with its body, one after the other, as a browser asks. */
async function quotesAgainstBaseline(name: string, url: string) {
  const body = await (await fetch(url)).text();
  const baseline = await startBaseline(body);
  try {
    await cannon({ url: baseline.url, headers: BROWSER_ENCODING, duration: WARM_UP_SECONDS });
    const bare = await cannon({ url: baseline.url, headers: BROWSER_ENCODING });
    await cannon({ url, headers: BROWSER_ENCODING, duration: WARM_UP_SECONDS });
    const served = await cannon({ url, headers: BROWSER_ENCODING });
    table.push({
      name: `${name} req/s (${body.length} B body)`,
      baseline: bare.requests.average,
      measured: served.requests.average,
      goal: `≥ ${QUOTES_SHARE_OF_BASELINE}× baseline`,
      met: served.requests.average >= QUOTES_SHARE_OF_BASELINE * bare.requests.average,
    });
    line(`${name} p50 / p99 latency ms`, `${served.latency.p50} / ${served.latency.p99}`, "");
  } finally {
    await baseline.stop();
  }
}

async function cannon(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) =>
    autocannon({ duration: DURATION_SECONDS, connections: 32, ...options }, (error, result) => (error ? reject(error) : resolve(result))),
  );
}

async function quotesBench(baseUrl: string) {
  const products = ((await (await fetch(`${baseUrl}/api/index/ajaxdata?market=crypto`)).json()) as { data: Array<{ id: number }> }).data;
  const pids = products.map((p) => p.id).join(",");
  await quotesAgainstBaseline("ajaxpro (latest quotes)", `${baseUrl}/api/index/ajaxpro?pids=${pids}`);
  await quotesAgainstBaseline("ajaxdata (all products)", `${baseUrl}/api/index/ajaxdata`);
  await quotesAgainstBaseline("getprodata (one product)", `${baseUrl}/api/index/getprodata?pid=${products[0]!.id}`);
}

const pgliteOrdersRow = (measured: number): Row => ({
  name: "addorder orders/s, PGlite 1 process (HTTP)",
  measured,
  goal: "(see the cost split)",
});

/** The issue's line: orders a second over HTTP on two processes against plain `pg` doing the same writes. */
function postgresOrdersRow(measured: number, plainPgOrders: number): Row {
  return {
    name: "addorder orders/s, PostgreSQL 2 processes (HTTP)",
    baseline: plainPgOrders,
    measured,
    goal: `≥ ${ORDERS_SHARE_OF_BASELINE}× plain pg and ≥ ${targets.addorder}`,
    met: measured >= ORDERS_SHARE_OF_BASELINE * plainPgOrders && measured >= targets.addorder,
  };
}

/** Order placement on PGlite without HTTP: the engine by hand, then the service's steps each timed. */
async function orderCostBench() {
  const costs = await pgliteOrderCosts();
  const goal = "as close as the design allows";
  table.push({ name: "order service orders/s, PGlite (no HTTP)", baseline: costs.engine, measured: costs.service, goal });
  for (const [step, micros] of Object.entries(costs.split)) {
    table.push({ name: `  per order µs: ${step}`, measured: micros, goal: "(cost split)" });
  }
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Settlement alone, on its own database: 20 000 due orders of 100 users on a real simulated product (the
 * seeded catalogue's BTCUSDT) settled from recorded ticks under commitments published before every order, on
 * an in-memory PGlite and on a throwaway PostgreSQL. Without the product every order would be skipped, without
 * the commitments every one voided, and without their reveals every one would wait: none of that is settlement.
 */
async function settlementBench(label: string, database: Database) {
  const db = database.db;
  const n = 20_000;
  await seedProducts(db);
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.code, "BTCUSDT"));
  const pid = product!.id;
  await db.execute(
    `insert into users (account, password_hash, phone, invite_code, created_at, cash) select 'u' || i, 'x', '1', 'C' || i, 0, 100000000 from generate_series(1, 100) i` as never,
  );
  // the ticks' minutes (16 to 20) committed at second 0, before any order opened, and revealed after them:
  // an order on a simulated product settles only once its exit minute's seed is revealed
  await db.execute(
    `insert into fair_commitments (commitment, minute, params, created_at) select md5('bench' || m) || md5('commit' || m), m, '', 0 from generate_series(16, 20) m` as never,
  );
  await db.execute(
    `insert into fair_reveals (commitment, minute, seed, revealed_at) select md5('bench' || m) || md5('commit' || m), m, md5('seed' || m) || md5('seed' || m), (m + 1) * 60 + 2 from generate_series(16, 20) m` as never,
  );
  await db.execute(
    `insert into ticks (product_id, time, price) select ${pid}, t, 100000 + (t % 7) from generate_series(1000, 1200) t` as never,
  );
  await db.execute(
    `insert into orders (user_id, product_id, request_id, direction, amount, fee, seconds, payout_bps, open_price, open_tick_time, open_time, expires_at)
     select (select min(id) from users) + (i % 100), ${pid}, 'r' || i, case when i % 2 = 0 then 'up' else 'down' end, 1000, 10, 30, 8000, 100003, 1000, 1000 + (i % 150), 1030 + (i % 150)
     from generate_series(1, ${n}) i` as never,
  );
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const settled = await settleDueOrders(db, 1300, SETTLEMENT_BATCH[database.kind]);
  const [closed] = rowsOf<{ n: number }>(await db.execute(`select count(*)::int as n from orders where status = 'closed'` as never));
  if (Number(closed!.n) !== n) throw new Error(`settlement bench: ${closed!.n} of ${n} orders closed (${settled} settled)`);
  const seconds = (performance.now() - started) / 1000;
  if (database.kind === "pglite") {
    // PGlite runs in this process: its CPU time is the work itself, whatever else the machine is doing
    const cpu = process.cpuUsage(cpuBefore);
    table.push({
      name: "  settlement orders per CPU second (PGlite)",
      measured: settled / ((cpu.user + cpu.system) / 1e6),
      goal: "(shared-box check)",
    });
  }
  table.push({
    name: `settlement orders/s (${label})`,
    measured: settled / seconds,
    goal: `≥ ${targets.settlement}`,
    met: settled / seconds >= targets.settlement,
  });
}

/** The leader's feed round with derivation and the chain, for 12 and 500 simulated products (PGlite). */
async function feedRoundBenches() {
  for (const [count, goalMs] of [
    [12, 5],
    [500, 50],
  ] as const) {
    const figures = await feedRound(count);
    table.push({
      name: `feed round ms, ${count} products (PGlite)`,
      measured: figures.roundMs,
      goal: `< ${goalMs}`,
      met: figures.roundMs < goalMs,
    });
    table.push({ name: `  longest round ms (a minute's close), ${count}`, measured: figures.maxMs, goal: "(printed)" });
    table.push({
      name: `  ticks derived + chained vs drawn, µs, ${count}`,
      baseline: figures.drawnMicros,
      measured: figures.derivedMicros,
      goal: "(CPU per round)",
    });
  }
}

async function settlementBenches() {
  const pglite = await openDatabase({ dataDir: null });
  try {
    await settlementBench("PGlite", pglite);
  } finally {
    await pglite.close();
  }
  const postgres = await startTempPostgres();
  try {
    const database = await openDatabase({ databaseUrl: postgres.url, dataDir: null });
    try {
      await settlementBench("PostgreSQL", database);
    } finally {
      await database.close();
    }
  } finally {
    postgres.stop();
  }
}

async function browserBench(baseUrl: string) {
  const browser = await launchBrowser();
  const products = ((await (await fetch(`${baseUrl}/api/index/ajaxdata?market=crypto`)).json()) as { data: Array<{ id: number }> }).data;
  const chart = await chartTimings(browser, baseUrl, products[0]!.id);
  line(`first render of ${chart.candles} candles ms`, chart.firstRender.toFixed(1), `≤ ${targets.candles}`);
  line(
    "tick → chart update ms (median / max)",
    `${chart.ticks[Math.floor(chart.ticks.length / 2)]!.toFixed(1)} / ${chart.ticks.at(-1)!.toFixed(1)}`,
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

/** The update stream: settlement → event, idle streams per process, and the requests it saves a customer. */
async function streamBench() {
  const STREAM_P99_GOAL_MS = 250;
  for (const [label, figures] of [
    ["settlement → event on an open stream, PGlite", await settlementToStreamPglite()],
    ["commit → event at another process's hub, PostgreSQL", await commitToHubPostgres()],
  ] as const) {
    line(
      `${label} p50 / p99 ms`,
      `${figures.p50.toFixed(1)} / ${figures.p99.toFixed(1)}`,
      `p99 < ${STREAM_P99_GOAL_MS} (${figures.samples} events)`,
    );
    table.push({ name: `${label} p99 ms`, measured: figures.p99, goal: `< ${STREAM_P99_GOAL_MS}`, met: figures.p99 < STREAM_P99_GOAL_MS });
  }
  const idle = await idleStreams();
  line("idle streams held by one process", String(idle.held), "≥ 10 000");
  line("memory per idle stream KB", idle.kbPerStream.toFixed(1), "< 20");
  table.push({ name: "idle streams held by one process", measured: idle.held, goal: "≥ 10 000", met: idle.held >= 10_000 });
  table.push({ name: "memory per idle stream KB", measured: idle.kbPerStream, goal: "< 20", met: idle.kbPerStream < 20 });
  const server = await startServerProcess({ RATE_LIMIT_SCALE: "1000" });
  const browser = await launchBrowser();
  try {
    const perMinute = await requestsPerMinute(browser, server.baseUrl);
    line(
      "requests a minute on Mine, with the stream / without",
      `${perMinute.withStream.toFixed(0)} / ${perMinute.without.toFixed(0)}`,
      "(fewer)",
    );
    table.push({ name: "requests a minute on Mine, polling (no stream)", measured: perMinute.without, goal: "(before)" });
    table.push({ name: "requests a minute on Mine, with the stream", measured: perMinute.withStream, goal: "(after)" });
  } finally {
    await browser.close();
    await server.stop();
  }
}

console.log(`Benchmarks (loopback, ${DURATION_SECONDS} s per HTTP run; figures only), ${new Date().toISOString()}\n`);
if (PARTS.has("quotes") || PARTS.has("browser")) {
  const server = await startServerProcess({ BACKFILL_MINUTE_DAYS: "4", RATE_LIMIT_SCALE: "10000", OPS_TOKEN });
  try {
    if (PARTS.has("quotes")) await quotesBench(server.baseUrl);
    if (PARTS.has("browser")) await browserBench(server.baseUrl);
  } finally {
    await server.stop();
  }
}
if (PARTS.has("orders")) await orderCostBench();
// the mixed part measures the same line after its own runs; alone, the orders part measures it here
if (PARTS.has("orders") && !PARTS.has("mixed")) {
  const { pglite, postgres, plainPgOrders } = await orderPlacementBench(DURATION_SECONDS, (url) =>
    plainPgOrderBaseline(url, DURATION_SECONDS),
  );
  table.push(pgliteOrdersRow(pglite.requestsPerSecond), postgresOrdersRow(postgres.requestsPerSecond, plainPgOrders));
}
if (PARTS.has("settlement")) await settlementBenches();
if (PARTS.has("feed")) await feedRoundBenches();
if (PARTS.has("mixed")) {
  const { pglite, postgres, plainPgOrders } = await mixedLoadBench(DURATION_SECONDS, (url) => plainPgOrderBaseline(url, DURATION_SECONDS));
  table.push(pgliteOrdersRow(pglite.orders.requestsPerSecond));
  table.push(postgresOrdersRow(postgres.orders.requestsPerSecond, plainPgOrders));
  for (const [label, figures, reference] of [
    ["PGlite 1 process", pglite, REFERENCE_RATE.pglite],
    ["PostgreSQL 2 processes", postgres, REFERENCE_RATE.postgres],
  ] as const) {
    table.push({ name: `mixed load req/s as fast as it goes, ${label}`, measured: figures.saturated.requestsPerSecond, goal: "—" });
    table.push({ name: `mixed load p99 ms as fast as it goes, ${label}`, measured: figures.saturated.p99, goal: "—" });
    for (const [users, atRate] of Object.entries(figures.atReference)) {
      table.push({
        name: `mixed p99 ms at ${reference} req/s, ${users} users, ${label}`,
        measured: atRate.p99,
        goal: `< ${P99_GOAL_MS} ms`,
        met: atRate.p99 < P99_GOAL_MS && atRate.requestsPerSecond >= reference * 0.85,
      });
      table.push({
        name: `mixed max req/s with p99 < ${P99_GOAL_MS} ms, ${users} users, ${label}`,
        measured: figures.maxSustainable[Number(users)]!,
        goal: "(printed)",
      });
    }
  }
}
if (PARTS.has("scale")) table.push(...(await scaleBenchRows()));
if (PARTS.has("stream")) await streamBench();
printTable();
