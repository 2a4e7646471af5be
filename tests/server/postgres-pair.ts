import type { FastifyInstance } from "fastify";

import { type Database, openDatabase } from "#server/db/client";
import { DEMO_PASSWORD, DEMO_PAY_PASSWORD, seedOnce } from "#server/db/seed";
import { type AppOptions, buildApp } from "#server/http/app";
import { PriceFeed } from "#server/market/feed";
import { seedProducts } from "#server/market/seed-products";
import { hashPassword } from "#server/modules/accounts/passwords";
import { seedDepositChannels } from "#server/modules/recharge/seed-channels";

import { type Harness, HARNESS_START, ScriptedProvider, startHarness } from "./harness";
import { startTempPostgres, type TempPostgres } from "./postgres-server";

/**
 * Two apps on one throwaway PostgreSQL, each with its own pools, as two server processes behind a proxy: `leader`
 * records the feed and settles (its `advance`), `follower` reads what it recorded. One clock for both. What one
 * claims about requests at the same time is raced here, where two transactions really run at once (PGlite runs
 * one at a time, so a race on it never reaches a lock).
 */
export interface PostgresPair {
  leader: Harness;
  follower: Harness;
  postgres: TempPostgres;
  /** runs SQL on the leader's pool and returns its rows */
  rows<T>(query: string): Promise<T[]>;
  close(): Promise<void>;
}

export async function startPostgresPair(options: { start?: number } = {}): Promise<PostgresPair> {
  const postgres = await startTempPostgres();
  const clock = { now: options.start ?? HARNESS_START };
  const started: Harness[] = [];
  const close = async () => {
    for (const h of started.reverse()) await h.close();
    postgres.stop();
  };
  try {
    started.push(await startHarness({ databaseUrl: postgres.url, clock }));
    started.push(await startHarness({ databaseUrl: postgres.url, clock, follower: true }));
  } catch (error) {
    await close();
    throw error;
  }
  const [leader, follower] = started as [Harness, Harness];
  // the feed committed its first minutes at the start second: orders are taken from the next one on, as after
  // a real start (a commitment covers only the seconds after it was published)
  await leader.advance(1);
  await follower.feed.follow();
  return {
    leader,
    follower,
    postgres,
    async rows<T>(query: string) {
      return ((await leader.database.db.execute(query as never)) as unknown as { rows: T[] }).rows;
    },
    close,
  };
}

/**
 * `count` apps (two by default) on one throwaway PostgreSQL, each with its own pool and feed, as server processes
 * behind a proxy; built by the tests that choose each app's options themselves. The first database seeds the demo
 * accounts (and, when asked, the products and the deposit channels) before any feed is made.
 */
export interface PostgresApps {
  postgres: TempPostgres;
  apps: FastifyInstance[];
  databases: Database[];
  /** one more process on the same database (not closed by `close`) */
  startApp(): Promise<{ app: FastifyInstance; database: Database; feed: PriceFeed }>;
  close(): Promise<void>;
}

export async function startPostgresApps(options: {
  count?: number;
  now: () => number;
  seed?: { products?: boolean; channels?: boolean };
  /** the feed's one-minute backfill; 0 unless given */
  backfillMinuteDays?: number;
  /** opens each feed before its app is built */
  openFeed?: boolean;
  /** awaits each app's `ready()` */
  ready?: boolean;
  /** the app's options but its context and feed, per database */
  app: (database: Database) => Omit<AppOptions, "ctx" | "feed">;
}): Promise<PostgresApps> {
  const postgres = await startTempPostgres();
  const apps: FastifyInstance[] = [];
  const feeds: PriceFeed[] = [];
  const databases: Database[] = [];
  const close = async () => {
    for (const app of apps) await app.close();
    for (const feed of feeds) await feed.close();
    for (const database of databases) await database.close();
    postgres.stop();
  };
  /** one more process on the same database, seeding it when `seed`; the caller closes what it starts */
  const startApp = async (seed = false) => {
    const database = await openDatabase({ databaseUrl: postgres.url, dataDir: null });
    const ctx = { db: database.db, now: options.now, log: () => {} };
    if (seed) {
      await seedOnce(ctx, { password: await hashPassword(DEMO_PASSWORD), payPassword: await hashPassword(DEMO_PAY_PASSWORD) });
      if (options.seed?.products) await seedProducts(database.db);
      if (options.seed?.channels) await seedDepositChannels(database.db);
    }
    const feed = new PriceFeed({
      db: database.db,
      provider: new ScriptedProvider(),
      now: ctx.now,
      log: () => {},
      retentionSeconds: 3600,
      backfillMinuteDays: options.backfillMinuteDays ?? 0,
    });
    if (options.openFeed) await feed.open();
    const app = await buildApp({ ctx, feed, ...options.app(database) });
    if (options.ready) await app.ready();
    return { app, database, feed };
  };
  try {
    for (let i = 0; i < (options.count ?? 2); i++) {
      const { app, database, feed } = await startApp(i === 0);
      apps.push(app);
      feeds.push(feed);
      databases.push(database);
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { postgres, apps, databases, startApp: () => startApp(), close };
}
