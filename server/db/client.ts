import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";

import * as schema from "./schema";

export type Schema = typeof schema;
/** Either driver: the services only use what both share. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface Database {
  db: Db;
  /**
   * The job round's own connections (PostgreSQL): recording the feed and settling never wait for the request
   * pool, however busy it is. The same database as `db` on PGlite.
   */
  jobsDb: Db;
  kind: "pglite" | "postgres";
  /**
   * Runs `work` while no other process on this database runs its own: first-start migrations and seeding
   * check-then-insert, which two processes starting together on one PostgreSQL would otherwise both do.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /** Tells every process listening on `channel` (PostgreSQL NOTIFY); nobody else shares a PGlite database. */
  notify(channel: string, payload: string): Promise<void>;
  /**
   * Calls `onMessage` with each notification on `channel` until the returned stop is called. On PostgreSQL it
   * listens on a dedicated connection, opened again a second after it is lost (notifications sent meanwhile
   * are missed: a listener must also read what it needs now and then, or forget what it learnt, which
   * `onResume` is called for each time listening starts again). On PGlite only what this process's own SQL
   * sent with `pg_notify` arrives (`notify` above sends nothing there: there is no other process).
   */
  listen(channel: string, onMessage: (payload: string) => void, onResume?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Advisory lock key for start-up work ("TRADEMIG" as ASCII); the job leader uses another key. */
const STARTUP_LOCK_KEY = "6075990608752494919";

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/**
 * Opens the database and brings it to the latest migration. `DATABASE_URL` selects PostgreSQL; otherwise an
 * embedded PGlite lives in `dataDir` (or in memory when dataDir is null, for tests). Exactly one process may
 * open a PGlite folder (PGlite does not lock its folder, so two processes would corrupt it).
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string | null;
  /**
   * In memory only: a dump (`dumpDataDir`) of an already migrated PGlite to start from, so a test skips initdb
   * and the migrations already in it; the ones added since still run.
   */
  template?: Blob;
}): Promise<Database> {
  if (options.databaseUrl) {
    const { default: pg } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // an idle pooled connection cut by the server (restart, failover) is replaced on next use; unhandled,
    // its error event would end the process
    pool.on("error", (error) => console.error(`database connection lost: ${error.message}`));
    const db = drizzle(pool, { schema });
    const exclusive = async <T>(work: () => Promise<T>): Promise<T> => {
      // a session lock on one pooled connection while the work runs on others: the lock is held across
      // several transactions, and PostgreSQL frees it should this process die half-way
      const holder = await pool.connect();
      try {
        await holder.query("select pg_advisory_lock($1::bigint)", [STARTUP_LOCK_KEY]);
        try {
          return await work();
        } finally {
          await holder.query("select pg_advisory_unlock($1::bigint)", [STARTUP_LOCK_KEY]);
        }
      } finally {
        holder.release();
      }
    };
    await exclusive(() => migrate(db, { migrationsFolder }));
    // two: the feed recorder and settlement run side by side
    const jobsPool = new pg.Pool({ connectionString: options.databaseUrl, max: 2, application_name: "trading-jobs" });
    jobsPool.on("error", (error) => console.error(`database connection lost: ${error.message}`));
    const listeners = new Set<() => Promise<void>>();
    return {
      db: db as unknown as Db,
      jobsDb: drizzle(jobsPool, { schema }) as unknown as Db,
      kind: "postgres",
      exclusive,
      async notify(channel, payload) {
        await jobsPool.query("select pg_notify($1, $2)", [channel, payload]);
      },
      async listen(channel, onMessage, onResume) {
        const stop = await listenOn(pg, options.databaseUrl!, channel, onMessage, onResume);
        const stopOnce = async () => {
          listeners.delete(stopOnce);
          await stop();
        };
        listeners.add(stopOnce);
        return stopOnce;
      },
      async close() {
        await Promise.all([...listeners].map((stop) => stop()));
        await Promise.all([pool.end(), jobsPool.end()]);
      },
    };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = options.dataDir
    ? new PGlite(options.dataDir)
    : new PGlite(options.template ? { loadDataDir: options.template } : undefined);
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  // one process owns a PGlite folder: there is nobody to exclude, and nobody else to tell; a notification sent
  // inside a transaction (the update stream's outbox) still reaches this process's listeners at its commit
  return {
    db: db as unknown as Db,
    jobsDb: db as unknown as Db,
    kind: "pglite",
    exclusive: (work) => work(),
    notify: async () => {},
    listen: async (channel, onMessage) => {
      const stop = await client.listen(channel, onMessage);
      return () => stop();
    },
    close: () => client.close(),
  };
}

/** LISTEN on a connection of its own, opened again a second after it is lost; resolves after the first try. */
async function listenOn(
  pg: typeof import("pg").default,
  databaseUrl: string,
  channel: string,
  onMessage: (payload: string) => void,
  onResume?: () => void,
): Promise<() => Promise<void>> {
  let client: import("pg").Client | null = null;
  let stopped = false;
  let listenedBefore = false;
  let retry: NodeJS.Timeout | undefined;

  const open = async (): Promise<void> => {
    const fresh = new pg.Client({
      connectionString: databaseUrl,
      application_name: "trading-listen",
      keepAlive: true,
      connectionTimeoutMillis: 5000,
    });
    const lost = (reason: string) => {
      if (client !== fresh) return;
      client = null;
      fresh.end().catch(() => {});
      if (stopped) return;
      console.error(`listening on ${channel} stopped (${reason}); trying again`);
      retry = setTimeout(() => void open().catch(() => {}), 1000);
    };
    fresh.on("notification", (message) => {
      if (message.channel === channel && message.payload !== undefined) onMessage(message.payload);
    });
    fresh.on("error", (error) => lost(error.message));
    fresh.on("end", () => lost("connection closed"));
    client = fresh;
    try {
      await fresh.connect();
      await fresh.query(`listen ${fresh.escapeIdentifier(channel)}`);
      if (listenedBefore) onResume?.();
      listenedBefore = true;
    } catch (error) {
      lost(error instanceof Error ? error.message : String(error));
    }
  };

  await open();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const last = client;
    client = null;
    await last?.end().catch(() => {});
  };
}
