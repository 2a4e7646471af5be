import pg from "pg";
import { afterAll, beforeAll } from "vitest";

import { type ServerProcess, startServerProcess } from "../e2e/server-process";
import { startTempPostgres, type TempPostgres } from "../server/postgres-server";

/** Several server processes on one throwaway PostgreSQL, as behind a reverse proxy, and a client of the database. */
export interface Cluster {
  servers: ServerProcess[];
  sql: pg.Client;
  postgres: TempPostgres;
  stop(): Promise<void>;
}

/** Starts `processes` servers together (migrations and seeding must run once, not race) with `env` on each. */
export async function startCluster(processes: number, env: Record<string, string>): Promise<Cluster> {
  const postgres = await startTempPostgres();
  const servers: ServerProcess[] = [];
  let sql: pg.Client | undefined;
  const stop = async () => {
    await sql?.end();
    await Promise.all(servers.map((server) => server.stop()));
    postgres.stop();
  };
  try {
    const started = await Promise.allSettled(
      Array.from({ length: processes }, () => startServerProcess({ DATABASE_URL: postgres.url, BACKFILL_MINUTE_DAYS: "0.02", ...env })),
    );
    for (const result of started) if (result.status === "fulfilled") servers.push(result.value);
    const failed = started.find((result) => result.status === "rejected");
    if (failed) throw failed.reason;
    sql = new pg.Client({ connectionString: postgres.url });
    await sql.connect();
    return { servers, sql, postgres, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * A cluster for one describe block: started before its tests and stopped after them. Read `.cluster` inside a
 * test (it is there once the block's beforeAll has run).
 */
export function clusterForSuite(processes: number, env: Record<string, string>): { readonly cluster: Cluster } {
  let started: Cluster | undefined;
  beforeAll(async () => {
    started = await startCluster(processes, env);
  }, 90_000);
  afterAll(() => started?.stop());
  return {
    get cluster() {
      if (!started) throw new Error("the cluster has not started");
      return started;
    },
  };
}
