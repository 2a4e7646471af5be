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
  kind: "pglite" | "postgres";
  /**
   * Runs `work` while no other process on this database runs its own: first-start migrations and seeding
   * check-then-insert, which two processes starting together on one PostgreSQL would otherwise both do.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Advisory lock key for start-up work ("TRADEMIG" as ASCII); the job leader uses another key. */
const STARTUP_LOCK_KEY = "6075990608752494919";

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/**
 * Opens the database and brings it to the latest migration. `DATABASE_URL` selects PostgreSQL; otherwise an
 * embedded PGlite lives in `dataDir` (or in memory when dataDir is null, for tests). Exactly one process may
 * open a PGlite folder (TOOLCHAIN pitfall 9).
 */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string | null }): Promise<Database> {
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
    return { db: db as unknown as Db, kind: "postgres", exclusive, close: () => pool.end() };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = options.dataDir ? new PGlite(options.dataDir) : new PGlite();
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  // one process owns a PGlite folder: there is nobody to exclude
  return { db: db as unknown as Db, kind: "pglite", exclusive: (work) => work(), close: () => client.close() };
}
