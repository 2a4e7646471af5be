import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, describe, expect, it, onTestFailed } from "vitest";

import { openDatabase } from "#server/db/client";
import { randomSeed, seededRandom } from "#server/market/random";
import { reconcile } from "#server/modules/ledger/reconcile";

import { resultWaitMs } from "../support/result-wait";
import { mustCall } from "./api-call";
import { Customer, ORDER_SECONDS } from "./customer";
import { type FinalState, readFinalState } from "./final-state";
import { findViolations } from "./invariants";
import { Journal, UniqueAmounts } from "./journal";
import { Operator } from "./operator";
import { ServerLives } from "./server-lives";

// The crash test: a real server process on PGlite is SIGKILLed at random moments while customers and the
// operator move money, restarted on the same data each time, and the final database is checked against the
// journal of every request (invariants.ts). The seed printed at the start repeats the same choices (the
// interleaving of requests still varies): CRASH_SEED=<seed> npx vitest run --project crash
const CUSTOMERS = 6;
/**
 * When each SIGKILL strikes, at a random moment inside its window (seconds). Every run covers each case: in
 * the thick of the traffic; the instant a write was acknowledged (its commit must already be on disk); a
 * long outage, so holding orders expire while nobody runs; and right after that restart, in the middle of
 * settling the overdue orders.
 */
const KILL_PLANS: Array<{ name: string; after: [number, number]; onOk?: boolean; downFor: [number, number] }> = [
  { name: "mid-traffic", after: [3, 8], downFor: [0, 2] },
  { name: "right after an ok answer", after: [1, 4], onOk: true, downFor: [0, 2] },
  { name: "mid-traffic, then down for a while", after: [3, 8], downFor: [12, 18] },
  { name: "just after a start, while overdue orders settle", after: [0.1, 1], downFor: [0, 2] },
];
const KILLS = KILL_PLANS.length;
const seed = Number(process.env.CRASH_SEED ?? randomSeed());
const random = seededRandom(seed);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (min: number, max: number) => (min + random() * (max - min)) * 1000;

const dataDir = mkdtempSync(join(tmpdir(), "trading-crash-"));
const lives = new ServerLives(dataDir);
const journal = new Journal();
let customerIds: number[] = [];
let finalState: FinalState | undefined;

afterAll(async () => {
  await lives.stop().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

/** Reads the stopped server's folder in this process (nobody else has it open now). */
async function withDatabase<T>(folder: string, use: (db: Awaited<ReturnType<typeof openDatabase>>["db"]) => Promise<T>): Promise<T> {
  const database = await openDatabase({ dataDir: join(folder, "pglite") });
  try {
    return await use(database.db);
  } finally {
    await database.close();
  }
}

describe("crashes at random moments", () => {
  it(`keeps every order, recharge, withdrawal, exchange and yuebao movement whole through ${KILLS} SIGKILLs`, async () => {
    console.log(`crash test seed ${seed} (set CRASH_SEED=${seed} to repeat its choices)`);
    onTestFailed(() => console.log(`journal: ${JSON.stringify(journal.summary())}\n${lives.logTails()}`));
    const began = Date.now();
    await lives.start();
    const operator = new Operator(lives, journal);
    await operator.openWithdrawalRules();
    const products = (await mustCall(lives, { method: "GET", path: "/api/index/ajaxdata", fields: { market: "crypto" } })) as Array<{
      id: number;
      code: string;
    }>;
    const shared = { lives, operator, journal, amounts: new UniqueAmounts(), productId: products.find((p) => p.code === "BTCUSDT")!.id };
    const customers = Array.from(
      { length: CUSTOMERS },
      (_, i) => new Customer(`crash${seed.toString(36)}x${i}`, shared, seededRandom(seed + i + 1)),
    );
    for (const [i, customer] of customers.entries()) {
      await customer.register(
        `1${String(seed % 1e8).padStart(8, "0")}${i}`,
        `6222${String(seed).padStart(10, "0")}${i}`,
        shared.amounts.next(5_000_00),
      );
    }
    customerIds = customers.map((c) => c.id);

    // traffic from every customer and the operator, while the killer strikes at random moments; a server
    // that dies of its own accord ends the test at once (lives.died)
    let stopped = false;
    const traffic = [
      ...customers.map((customer) => customer.run(() => stopped)),
      (async () => {
        const operatorRandom = seededRandom(seed + 100);
        while (!stopped) {
          await operator.reviewSome(operatorRandom);
          await sleep(300 + operatorRandom() * 600);
        }
      })(),
    ];
    try {
      for (const [index, plan] of KILL_PLANS.entries()) {
        await Promise.race([sleep(seconds(...plan.after)).then(() => (plan.onOk ? journal.nextOk() : undefined)), lives.died]);
        await lives.kill();
        console.log(`kill ${index + 1} (${plan.name}) after ${journal.entries.length} journaled requests`);
        await sleep(seconds(...plan.downFor));
        await Promise.race([lives.start(), lives.died]);
      }
      await Promise.race([sleep(seconds(2, 4)), lives.died]);
    } finally {
      stopped = true;
    }
    await Promise.race([Promise.all(traffic), lives.died]);

    // the last orders mature and settle once their exit minute's seed is revealed (up to a minute and the grace
    // after expiry); nothing may stay holding
    const deadline = Date.now() + resultWaitMs(ORDER_SECONDS, 30);
    for (;;) {
      const holding = await Promise.race([Promise.all(customers.map((c) => c.holdingCount())), lives.died]);
      if (holding.every((n) => n === 0)) break;
      if (Date.now() > deadline) throw new Error(`orders still holding after the wait: ${holding.join(", ")}`);
      await sleep(1000);
    }
    const reconciled = await Promise.race([operator.reconcile(), lives.died]);
    await lives.stop();
    finalState = await withDatabase(dataDir, readFinalState);

    console.log(`journal: ${JSON.stringify(journal.summary())}`);
    const expiredWhileDown = finalState.orders.filter((o) =>
      lives.downtimes.some((d) => o.expiresAt >= d.from && o.expiresAt < d.to),
    ).length;
    console.log(`${finalState.orders.length} orders, ${expiredWhileDown} of them expired while the server was down`);
    console.log(
      `server starts took ${lives.startSeconds.map((s) => s.toFixed(1)).join(", ")} s; whole run ${((Date.now() - began) / 1000).toFixed(0)} s`,
    );
    expect(lives.unexpectedExits).toEqual([]);
    expect(lives.lives).toBe(KILLS + 1);
    expect(journal.entries.filter((e) => e.action.kind === "order" && e.outcome === "ok").length).toBeGreaterThan(5);
    expect(expiredWhileDown).toBeGreaterThan(0);
    // no order whose expiry the server was down for settles: the catch-up's ticks are uncommitted
    const settledOnCatchUp = finalState.orders.filter(
      (o) => o.status !== "void" && lives.downtimes.some((d) => o.expiresAt >= d.from && o.expiresAt < d.to),
    );
    expect(settledOnCatchUp.map((o) => o.id)).toEqual([]);
    expect(reconciled).toMatchObject({ ok: true, drift: [], negativeBalances: 0 });
    expect(findViolations(finalState, journal.entries, customerIds)).toEqual([]);
  }, 320_000);

  it("its checks fail on a corrupted copy: a double credit, a half movement, a lost order, a refused request with an effect, drift", async () => {
    if (!finalState) throw new Error("needs the crash run above");
    const state = finalState;
    const entries = journal.entries;
    const corrupted = (change: (copy: FinalState, log: typeof entries) => void) => {
      const copy = structuredClone(state);
      const log = structuredClone(entries);
      change(copy, log);
      return findViolations(copy, log, customerIds);
    };
    // a credit to book twice (a settlement if any order paid out) and a debit, one of several rows of its movement, to lose
    const credit = state.ledger.find((row) => row.reason === "order_settlement") ?? state.ledger.find((row) => row.reason === "recharge")!;
    const pairRow =
      state.ledger.find((row) => customerIds.includes(row.userId) && row.reason === "withdrawal_request" && row.account === "cash") ??
      state.ledger.find((row) => row.reason === "order_fee")!;
    const okOrder = entries.find((e) => e.action.kind === "order" && e.outcome === "ok")!;
    const okRecharge = entries.findIndex((e) => e.action.kind === "recharge" && e.outcome === "ok");

    // a second credit, booked consistently (reconcile stays happy), so only the exactly-once check can see it
    expect(
      corrupted((copy) => {
        copy.ledger.push({ ...credit, id: 1e9 });
        copy.users.find((u) => u.id === credit.userId)![credit.account as "cash"] += credit.delta;
      }),
    ).toEqual([expect.stringContaining(`${credit.reference.replace(":", " ")}: ledger has`)]);
    // half a movement: one of its rows gone (and the balance agreeing with that ledger)
    expect(
      corrupted((copy) => {
        copy.ledger = copy.ledger.filter((row) => row.id !== pairRow.id);
        copy.users.find((u) => u.id === pairRow.userId)![pairRow.account as "cash"] -= pairRow.delta;
      }),
    ).toEqual([expect.stringContaining(`${pairRow.reference.replace(":", " ")}: ledger has`)]);
    // an accepted order lost, and a refused request that left a record behind
    const okRequestId = (okOrder.action as { requestId: string }).requestId;
    const lost = corrupted(
      (copy) => (copy.orders = copy.orders.filter((o) => !(o.userId === okOrder.userId && o.requestId === okRequestId))),
    );
    expect(lost.join("\n")).toContain("was accepted but is not in the database");
    expect(corrupted((_copy, log) => (log[okRecharge]!.outcome = "refused")).join("\n")).toMatch(/recharge .*: refused .*, but 1 records/);
    // a balance off its ledger, and a negative one
    expect(corrupted((copy) => (copy.users[0]!.cash += 1)).join("\n")).toContain("but ledger sum");
    expect(
      corrupted((copy) => {
        copy.users[0]!.coin = -1;
        copy.ledger.push({
          id: 1e9 + 1,
          userId: copy.users[0]!.id,
          account: "coin",
          delta: -1 - state.users[0]!.coin,
          reason: "test",
          reference: "test",
        });
      }).join("\n"),
    ).toContain("negative balance");

    // and the operator's reconcile itself reports drift on a copy of the folder with one balance changed
    const copyDir = mkdtempSync(join(tmpdir(), "trading-crash-copy-"));
    try {
      cpSync(dataDir, copyDir, { recursive: true });
      await withDatabase(copyDir, async (db) => {
        const ctx = { db, now: () => Math.floor(Date.now() / 1000), log: () => undefined };
        expect((await reconcile(ctx)).ok).toBe(true);
        await db.execute(`update users set cash = cash + 1 where id = ${customerIds[0]}` as never);
        const report = await reconcile(ctx);
        expect(report.ok).toBe(false);
        expect(report.drift).toEqual([expect.objectContaining({ ledger: "cash" })]);
      });
    } finally {
      rmSync(copyDir, { recursive: true, force: true });
    }
  }, 60_000);
});
