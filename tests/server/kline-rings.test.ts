import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { type Period, PERIODS } from "#contract/markets";
import { formatPrice } from "#contract/money";
import { apiPaths } from "#contract/paths";
import { PriceFeed } from "#server/market/feed";
import { latestCandles } from "#server/market/store";

import { type Harness, ScriptedProvider, startHarness } from "./harness";
import { countStatements } from "./statements";

// Chart history answers from the recorder's in-memory rings of recent candles, kept as the database merges
// them; every answer here is compared with the database's own candles.
let h: Harness;
let pid: number;
let precision: number;
beforeAll(async () => {
  h = await startHarness();
  const product = [...h.feed.products.values()].find((p) => p.market === "crypto")!;
  pid = product.id;
  precision = product.precision;
});
afterAll(() => h?.close());

const fromApi = async (period: Period, limit: number) =>
  (await h.app.inject({ method: "GET", url: `${apiPaths.klines.path}?pid=${pid}&period=${period}&limit=${limit}` })).json()
    .data as unknown[];
const fromDatabase = async (period: Period, limit: number) =>
  (await latestCandles(h.database.db, pid, period, limit)).map((row) =>
    [row.time, row.open, row.high, row.low, row.close].map((value, i) => (i === 0 ? value : formatPrice(value, precision))),
  );

/** Prices that move up and down within each minute, so highs, lows and closes all differ from opens. */
function queueWalk(seconds: number) {
  let price = h.feed.quote(pid)!.price;
  const queue: number[] = [];
  for (let i = 0; i < seconds; i++) queue.push((price += ((i * 7919) % 13) - 6));
  h.provider.queued.set(pid, queue);
}

const statementsDuring = (work: () => Promise<unknown>) => countStatements(h, work);

describe("K-line rings", () => {
  it("answer as the database does, for rings opened before and after the prices moved", async () => {
    for (const period of ["1m", "5m", "1d"] as const) expect(await fromApi(period, 300)).toEqual(await fromDatabase(period, 300));
    queueWalk(200);
    await h.advance(200);
    for (const period of PERIODS) {
      for (const limit of [1, 7, 300])
        expect(await fromApi(period, limit), `${period} ${limit}`).toEqual(await fromDatabase(period, limit));
    }
  });

  it("a ring already read answers without the database; a range longer than the ring reads it", async () => {
    await fromApi("1m", 300);
    queueWalk(30);
    await h.advance(30);
    let answer: unknown[] = [];
    expect(await statementsDuring(async () => (answer = await fromApi("1m", 300)))).toBe(0);
    expect(answer).toEqual(await fromDatabase("1m", 300));
    const capacity = h.feed.candleRings.capacity;
    let long: unknown[] = [];
    expect(await statementsDuring(async () => (long = await fromApi("1m", capacity + 500)))).toBeGreaterThan(0);
    expect(long).toEqual(await fromDatabase("1m", capacity + 500));
  });

  it("a follower reads its rings back from the database at most once a second", async () => {
    const follower = new PriceFeed({
      db: h.database.db,
      provider: new ScriptedProvider(),
      now: h.ctx.now,
      log: () => {},
      retentionSeconds: 3600,
      backfillMinuteDays: 0.01,
    });
    const read = async (period: Period) =>
      (await follower.candleRings.latest(h.database.db, pid, period, 300))!.map((c) => [c.time, c.open, c.high, c.low, c.close]);
    const stored = async (period: Period) =>
      (await latestCandles(h.database.db, pid, period, 300)).map((c) => [c.time, c.open, c.high, c.low, c.close]);
    const clock = Date.now();
    vi.useFakeTimers({ now: clock, toFake: ["Date"] });
    try {
      await follower.follow();
      expect(await read("1m")).toEqual(await stored("1m"));
      queueWalk(90);
      await h.advance(90);
      // within the second: what it read before
      const before = await read("1m");
      expect(before).not.toEqual(await stored("1m"));
      expect(before.length).toBeLessThan((await stored("1m")).length);
      vi.setSystemTime(clock + 1000);
      expect(await read("1m")).toEqual(await stored("1m"));
    } finally {
      vi.useRealTimers();
    }
  });
});
