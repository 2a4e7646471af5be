import { tmpdir } from "node:os";
import { join } from "node:path";

import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { apiPaths } from "#contract/paths";
import { type Database, openDatabase } from "#server/db/client";
import { buildApp } from "#server/http/app";
import { type JobRunner, startJobs } from "#server/jobs/runner";
import { PriceFeed } from "#server/market/feed";
import { seedProducts } from "#server/market/seed-products";
import { encodeTicks, QUOTES_CHANNEL } from "#server/market/tick-notices";
import { systemClock } from "#server/modules/context";

import { ScriptedProvider } from "./harness";
import { startTempPostgres, type TempPostgres } from "./postgres-server";

// A follower's quote answers (one PostgreSQL, a recorder and a follower, each with its own connections) are
// at most a second behind the recorder: it hears each recorded second by NOTIFY, and reads the feed back
// once a second should a notification be lost. Timing bounds are generous; the point is "not a request".
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("quote snapshot on a follower (PostgreSQL)", () => {
  let postgres: TempPostgres;
  let recorderDb: Database;
  let followerDb: Database;
  let recorder: PriceFeed;
  let jobs: JobRunner;
  let app: FastifyInstance;
  let pid: number;

  beforeAll(async () => {
    postgres = await startTempPostgres();
    recorderDb = await openDatabase({ databaseUrl: postgres.url, dataDir: null });
    followerDb = await openDatabase({ databaseUrl: postgres.url, dataDir: null });
    await seedProducts(recorderDb.db);
    const feedOptions = { now: systemClock, log: () => {}, retentionSeconds: 3600, backfillMinuteDays: 0.01 };
    recorder = new PriceFeed({
      ...feedOptions,
      db: recorderDb.jobsDb,
      provider: new ScriptedProvider(),
      publish: async (ticks) => {
        for (const payload of encodeTicks(ticks)) await recorderDb.notify(QUOTES_CHANNEL, payload);
      },
    });
    await recorder.open();
    const follower = new PriceFeed({ ...feedOptions, db: followerDb.jobsDb, provider: new ScriptedProvider() });
    jobs = await startJobs({
      db: followerDb.jobsDb,
      feed: follower,
      now: systemClock,
      log: () => {},
      leadership: { isLeader: () => false, stop: async () => {} },
      listen: (onMessage) => followerDb.listen(QUOTES_CHANNEL, onMessage),
    });
    const ctx = { db: followerDb.db, now: systemClock, log: () => {} };
    app = await buildApp({
      ctx,
      sms: { send: async () => {} },
      opsToken: "t",
      feed: follower,
      uploadsDir: join(tmpdir(), "trading-pg-uploads"),
    });
    pid = [...recorder.products.values()].find((product) => product.market === "crypto")!.id;
  }, 60_000);
  afterAll(async () => {
    await jobs?.stop();
    await app?.close();
    await recorderDb?.close();
    await followerDb?.close();
    postgres?.stop();
  });

  const shown = async () => {
    const answer = await app.inject({ method: "GET", url: `${apiPaths.latestQuotes.path}?pids=${pid}` });
    return { time: answer.json().data[0].time as number, etag: answer.headers.etag as string };
  };
  /** ms until the follower shows `time`, polling every 10 ms, or Infinity after `limit` ms. */
  const until = async (time: number, limit: number) => {
    const started = performance.now();
    while (performance.now() - started < limit) {
      if ((await shown()).time >= time) return performance.now() - started;
      await sleep(10);
    }
    return Infinity;
  };

  // how soon is printed, not asserted (tests/bench measures it): a loaded machine is slow, not wrong
  it("shows each second the recorder records, with a new ETag", async () => {
    for (let round = 0; round < 3; round++) {
      await sleep(1000 - (Date.now() % 1000) + 50);
      const before = await shown();
      await recorder.advance(systemClock());
      const recorded = recorder.quote(pid)!.time;
      expect(recorded).toBeGreaterThan(before.time);
      const after = await until(recorded, 30_000);
      console.log(`follower showed the recorded second after ${after.toFixed(0)} ms`);
      expect(after).toBeLessThan(30_000);
      expect((await shown()).etag).not.toBe(before.etag);
    }
  });

  it("without a notification, reads the recorded feed back on its own", async () => {
    const silent = new PriceFeed({
      db: recorderDb.jobsDb,
      provider: new ScriptedProvider(),
      now: systemClock,
      log: () => {},
      retentionSeconds: 3600,
      backfillMinuteDays: 0.01,
    });
    await silent.reloadProducts();
    await silent.takeOver();
    await sleep(1000 - (Date.now() % 1000) + 50);
    await silent.advance(systemClock());
    // one feed round a second, plus the read itself: about a second, printed; the test asks only that it comes
    const after = await until(silent.quote(pid)!.time, 30_000);
    console.log(`follower read the un-notified second back after ${after.toFixed(0)} ms`);
    expect(after).toBeLessThan(30_000);
  });
});
