import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, describe, expect, it, onTestFailed } from "vitest";

import { openDatabase } from "#server/db/client";
import { randomSeed, seededRandom } from "#server/market/random";

import { startTempPostgres, type TempPostgres } from "../server/postgres-server";
import { mustCall } from "./api-call";
import { DemoSession, type PracticeBooks, PracticeTraffic, practiceViolations, readPracticeBooks } from "./practice-traffic";
import { CRASH_OPS_TOKEN, ServerLives } from "./server-lives";

// Practice money is to be as safe as real money: resets and practice orders from many clients are in flight
// when a server process is SIGKILLed (each kill waits until a reset is on the wire), the server is started
// again on the same data, and every reset is then sent again with its requestId. Afterwards each reset was
// applied at most once per requestId (its ledger line names the request), the retries answered the first
// answer, the practice ledger sums to the practice balance, no real money moved, and reconcile holds for the
// real and the practice accounts. On PGlite one process in a row of lives; on PostgreSQL two processes
// sharing the database, requests sent to both, killed one at a time and both at once.
// PRACTICE_CRASH_SEED=<seed> repeats the random choices (the interleaving still varies).
const seed = Number(process.env.PRACTICE_CRASH_SEED ?? randomSeed());
const WORKERS = 8;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const folders: string[] = [];
const folder = (prefix: string) => {
  const made = mkdtempSync(join(tmpdir(), prefix));
  folders.push(made);
  return made;
};
afterAll(() => {
  for (const made of folders) rmSync(made, { recursive: true, force: true });
});

/**
 * One run against `targets` (every life started): traffic, a SIGKILL of each plan's targets while a reset is
 * on the wire, restarts, the retries, and the operator's reconcile from every target. Answers what the
 * checks need; the targets are stopped at the end.
 */
async function crashRun(targets: ServerLives[], plans: Array<{ afterMs: number; kill: number[]; downMs: number }>) {
  const random = seededRandom(seed);
  const session = new DemoSession();
  await session.login(targets[0]!);
  const products = (await mustCall(targets[0]!, { method: "GET", path: "/api/index/ajaxdata", fields: { market: "crypto" } })) as Array<{
    id: number;
    code: string;
  }>;
  const realBefore = await realBalances(session, targets[0]!);
  // the server's clock: real money lines from here on would be a practice request's doing
  const since = Math.floor(Date.now() / 1000);
  // the first second after a start is not yet covered by a feed commitment
  await sleep(1200);
  const traffic = new PracticeTraffic(session, products.find((p) => p.code === "BTCUSDT")!.id, random);
  onTestFailed(() => console.log(targets.map((lives) => lives.logTails()).join("\n")));
  const running = traffic.run(targets, WORKERS);
  try {
    for (const [index, plan] of plans.entries()) {
      await Promise.race([sleep(plan.afterMs), ...targets.map((lives) => lives.died)]);
      await traffic.resetOnTheWire();
      await Promise.all(plan.kill.map((i) => targets[i]!.kill()));
      console.log(`kill ${index + 1} of process ${plan.kill.join(" and ")} after ${traffic.requests.length} requests`);
      await sleep(plan.downMs);
      await Promise.race([Promise.all(plan.kill.map((i) => targets[i]!.start())), ...targets.map((lives) => lives.died)]);
    }
    await Promise.race([sleep(2000), ...targets.map((lives) => lives.died)]);
  } finally {
    traffic.stop();
  }
  await running;
  await traffic.retryAll(targets);
  const reconciled = await Promise.all(
    targets.map((lives) => mustCall(lives, { method: "GET", path: "/api/ops/reconcile", headers: { "ops-token": CRASH_OPS_TOKEN } })),
  );
  const realAfter = await realBalances(session, targets[0]!);
  await Promise.all(targets.map((lives) => lives.stop()));
  console.log(
    `seed ${seed}: resets ok ${traffic.count("reset", "ok")}, cut off ${traffic.count("reset", "unknown")}; ` +
      `practice orders ok ${traffic.count("order", "ok")}, refused ${traffic.count("order", "refused")}, cut off ${traffic.count("order", "unknown")}`,
  );
  return { traffic, since, reconciled, realBefore, realAfter };
}

/** The demo customer's real balances as the wallet shows them. */
async function realBalances(session: DemoSession, lives: ServerLives) {
  const wallet = await session.send(lives, "/api/user/wallet", {}, "GET");
  if (wallet.kind !== "ok") throw new Error(`wallet: ${JSON.stringify(wallet)}`);
  const { cash, coin, frozen, yuebao } = wallet.data as Record<string, unknown>;
  return { cash, coin, frozen, yuebao };
}

/** The checks every run must pass. */
function expectSafe(run: Awaited<ReturnType<typeof crashRun>>, books: PracticeBooks, kills: number) {
  const { traffic } = run;
  expect(traffic.count("reset", "ok")).toBeGreaterThan(5);
  expect(traffic.count("order", "ok")).toBeGreaterThan(5);
  // every kill found a reset on the wire: at least some had their answer cut off
  expect(traffic.count("reset", "unknown") + traffic.count("reset", "unsent")).toBeGreaterThanOrEqual(1);
  expect(kills).toBeGreaterThan(0);
  expect(books.ledger.filter((row) => row.reason === "practice_reset").length).toBeGreaterThan(0);
  expect(practiceViolations(books, traffic.requests, run.since)).toEqual([]);
  expect(run.realAfter).toEqual(run.realBefore);
  for (const reconciled of run.reconciled) expect(reconciled).toMatchObject({ ok: true, drift: [], negativeBalances: 0 });
}

describe("practice resets killed mid-way", () => {
  let pgliteBooks: PracticeBooks | undefined;
  let pgliteRequests: PracticeTraffic["requests"] = [];
  let pgliteSince = 0;

  it("on PGlite: each reset applies at most once per requestId through SIGKILLs and restarts, the books hold", async () => {
    const dataDir = folder("trading-practice-crash-");
    const lives = new ServerLives(dataDir);
    await lives.start();
    const plans = [
      { afterMs: 3000, kill: [0], downMs: 0 },
      { afterMs: 2500, kill: [0], downMs: 1500 },
    ];
    const run = await crashRun([lives], plans);
    const database = await openDatabase({ dataDir: join(dataDir, "pglite") });
    try {
      pgliteBooks = await readPracticeBooks(
        async (text) => ((await database.db.execute(sql.raw(text))) as unknown as { rows: never }).rows,
      );
    } finally {
      await database.close();
    }
    pgliteRequests = run.traffic.requests;
    pgliteSince = run.since;
    expect(lives.unexpectedExits).toEqual([]);
    expect(lives.lives).toBe(plans.length + 1);
    expectSafe(run, pgliteBooks, plans.length);
  }, 300_000);

  it("on PostgreSQL: two processes share the database, resets to both, killed one at a time and together", async () => {
    let postgres: TempPostgres | undefined;
    let client: pg.Client | undefined;
    const targets: ServerLives[] = [];
    try {
      postgres = await startTempPostgres();
      const url = postgres.url;
      targets.push(new ServerLives(folder("trading-practice-crash-a-"), { DATABASE_URL: url }));
      targets.push(new ServerLives(folder("trading-practice-crash-b-"), { DATABASE_URL: url }));
      // started together: migrations and first-start seeding must run once, not race
      await Promise.all(targets.map((lives) => lives.start()));
      const plans = [
        { afterMs: 2500, kill: [0], downMs: 500 },
        { afterMs: 2500, kill: [1], downMs: 0 },
        { afterMs: 2500, kill: [0, 1], downMs: 1000 },
      ];
      const run = await crashRun(targets, plans);
      client = new pg.Client({ connectionString: url });
      await client.connect();
      const books = await readPracticeBooks(async (text) => (await client!.query(text)).rows);
      for (const lives of targets) expect(lives.unexpectedExits).toEqual([]);
      // both processes served resets
      const servedBy = new Set(run.traffic.requests.filter((r) => r.kind === "reset" && r.outcome.kind === "ok").map((r) => r.target));
      expect([...servedBy].sort()).toEqual([0, 1]);
      expectSafe(run, books, plans.length);
    } finally {
      await client?.end();
      await Promise.all(targets.map((lives) => lives.stop().catch(() => undefined)));
      postgres?.stop();
    }
  }, 300_000);

  it("its checks fail on a doctored copy: a reset applied twice, one never claimed, a practice balance off its ledger, real money moved", () => {
    if (!pgliteBooks) throw new Error("needs the PGlite run above");
    const books = pgliteBooks;
    const doctored = (change: (copy: PracticeBooks) => void) => {
      const copy = structuredClone(books);
      change(copy);
      return practiceViolations(copy, pgliteRequests, pgliteSince);
    };
    expect(doctored(() => undefined)).toEqual([]);
    const line = books.ledger.find((row) => row.reason === "practice_reset")!;
    // the same request's line booked twice (and the balance agreeing, as a double reset would leave it)
    expect(
      doctored((copy) => {
        copy.ledger.push({ ...line, id: 1e9 });
        copy.user.practice += line.delta;
      }),
    ).toEqual([expect.stringContaining("applied 2 times")]);
    const requestId = line.reference!.replace("practice_reset:", "");
    expect(doctored((copy) => (copy.claimedResets = copy.claimedResets.filter((id) => id !== requestId)))).toContainEqual(
      expect.stringContaining("belongs to no claimed request"),
    );
    expect(doctored((copy) => (copy.user.practice += 1))).toEqual([expect.stringContaining("but ledger sum")]);
    expect(
      doctored((copy) =>
        copy.ledger.push({ id: 1e9 + 1, account: "cash", delta: -100, reason: "order_stake", reference: "x", createdAt: pgliteSince }),
      ),
    ).toEqual([expect.stringContaining("real money moved")]);
  });
});
