import { type Harness, HARNESS_START, startHarness } from "./harness";
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
