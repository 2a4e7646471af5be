import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { type Database, type Db, openDatabase } from "#server/db/client";
import { rateLimits } from "#server/db/schema";
import { type HitAnswer, LeasedCounts } from "#server/modules/limits/leased-counts";
import { sharedRateStore } from "#server/modules/limits/shared-rate-store";

import { startTempPostgres, type TempPostgres } from "./postgres-server";

/**
 * The app-wide per-address limit on PostgreSQL: each process leases slices of the shared budget, so the sum
 * across processes is the limit exactly, while most hits cost no database write. Two counters on their own
 * pools stand for two processes; the clock is the test's.
 */
const MAX = 60;
const WINDOW_MS = 60_000;

describe("the app-wide limit leased from one PostgreSQL", () => {
  let postgres: TempPostgres;
  const databases: Database[] = [];
  let clock = 1_000_000;
  const now = () => clock;

  beforeAll(async () => {
    postgres = await startTempPostgres();
    for (let i = 0; i < 2; i++) databases.push(await openDatabase({ databaseUrl: postgres.url, dataDir: null }));
  }, 90_000);
  afterAll(async () => {
    for (const database of databases) await database.close();
    postgres?.stop();
  });

  const twoProcesses = () => databases.map((database) => new LeasedCounts(database.db, now));
  const admitted = (answers: HitAnswer[]) => answers.filter((answer) => answer.current <= MAX).length;
  const writes = () => databases.map((database) => vi.spyOn(database.db, "insert"));
  const writeCount = (spies: ReturnType<typeof writes>) => spies.reduce((total, spy) => total + spy.mock.calls.length, 0);

  it("admits exactly the limit across both processes, in far fewer writes than hits", async () => {
    const counters = twoProcesses();
    const spies = writes();
    const answers: HitAnswer[] = [];
    for (let i = 0; i < 200; i++) answers.push(await counters[i % 2]!.hit("10.30.0.1", WINDOW_MS, MAX));
    // counted per process it would be 60 on each
    expect(admitted(answers)).toBe(MAX);
    expect(answers.slice(0, MAX).every((answer) => answer.current <= MAX)).toBe(true);
    const leases = writeCount(spies);
    expect(leases).toBeLessThan(20);
    // spent: the refusals come from memory, no write each
    for (let i = 0; i < 50; i++) expect((await counters[i % 2]!.hit("10.30.0.1", WINDOW_MS, MAX)).current).toBeGreaterThan(MAX);
    expect(writeCount(spies)).toBe(leases);
    for (const spy of spies) spy.mockRestore();
  });

  it("counts a concurrent burst on both processes exactly", async () => {
    const counters = twoProcesses();
    const answers = await Promise.all(Array.from({ length: 150 }, (_, i) => counters[i % 2]!.hit("10.30.0.2", WINDOW_MS, MAX)));
    expect(admitted(answers)).toBe(MAX);
  });

  it("gives a fresh budget when the window has passed, on either process", async () => {
    const counters = twoProcesses();
    for (let i = 0; i < 80; i++) await counters[i % 2]!.hit("10.30.0.3", WINDOW_MS, MAX);
    expect((await counters[1]!.hit("10.30.0.3", WINDOW_MS, MAX)).current).toBeGreaterThan(MAX);
    clock += WINDOW_MS;
    const answers: HitAnswer[] = [];
    for (let i = 0; i < 80; i++) answers.push(await counters[i % 2]!.hit("10.30.0.3", WINDOW_MS, MAX));
    expect(admitted(answers)).toBe(MAX);
  });

  it("a process that starts late leases only what is left, and one that stops hands back what it did not use", async () => {
    const key = "10.30.0.6";
    const shared = async () =>
      (
        await databases[0]!.db
          .select()
          .from(rateLimits)
          .where(eq(rateLimits.key, `* ${key}`))
      )[0]!.hits;
    const [first, second] = twoProcesses();
    for (let i = 0; i < MAX - 5; i++) expect((await first!.hit(key, WINDOW_MS, MAX)).current).toBeLessThanOrEqual(MAX);
    // a fresh process asks for a quarter of the budget; only the 5 hits left can be granted
    const late = new LeasedCounts(databases[1]!.db, now);
    expect((await late.hit(key, WINDOW_MS, MAX)).current).toBeLessThanOrEqual(MAX);
    expect(await shared()).toBeLessThanOrEqual(MAX);
    // it stops after one hit: the other 4 go back, and the process still running gets them
    await late.release();
    const answers: HitAnswer[] = [];
    for (let i = 0; i < 10; i++) answers.push(await second!.hit(key, WINDOW_MS, MAX));
    expect(admitted(answers)).toBe(4);
    expect(await shared()).toBe(MAX);
  });

  it("an address has a budget of its own", async () => {
    const counters = twoProcesses();
    for (let i = 0; i < 80; i++) await counters[i % 2]!.hit("10.30.0.4", WINDOW_MS, MAX);
    expect((await counters[0]!.hit("10.30.0.5", WINDOW_MS, MAX)).current).toBeLessThanOrEqual(MAX);
  });
});

describe("the app-wide limit while the database fails", () => {
  it("counts in memory instead of failing the request, and does not ask the database again at once", async () => {
    const insert = vi.fn(() => {
      throw new Error("connection refused");
    });
    const Store = sharedRateStore({ insert } as unknown as Db, () => 5_000);
    const store = new Store({} as never);
    const hit = () =>
      new Promise<{ error: Error | null; current: number }>((resolve) =>
        store.incr("10.30.1.1", (error, result) => resolve({ error, current: result?.current ?? -1 }), WINDOW_MS, 3),
      );
    const answers = [await hit(), await hit(), await hit(), await hit()];
    expect(answers.map((answer) => answer.error)).toEqual([null, null, null, null]);
    expect(answers.map((answer) => answer.current)).toEqual([1, 2, 3, 4]);
    expect(insert).toHaveBeenCalledTimes(1);
  });
});
