import { sql } from "drizzle-orm";

import type { Db } from "../../db/client";
import { rateLimits } from "../../db/schema";

/** One key's shared count as the database holds it after an addition. */
export interface SharedCount {
  windowStart: number;
  hits: number;
}

/**
 * Adds `n` hits to `key`'s count in `rate_limits` and returns the count: one upsert, atomic under concurrency
 * from any number of processes. A window that has ended (started `windowMs` or more before `at`) starts over
 * at `at` with the `n` hits.
 */
export async function addSharedHits(db: Db, key: string, n: number, windowMs: number, at: number): Promise<SharedCount> {
  const [row] = await preparedFor(db).execute({ key, n, windowMs, at });
  return { windowStart: Number(row!.windowStart), hits: row!.hits };
}

/**
 * The upsert, built once per database (a named prepared statement on PostgreSQL): every rate-limited request
 * runs it, and composing it anew each time cost more of the process's time than the database spent on it.
 */
const preparedUpserts = new WeakMap<Db, ReturnType<typeof prepareUpsert>>();
function preparedFor(db: Db) {
  let prepared = preparedUpserts.get(db);
  if (!prepared) {
    prepared = prepareUpsert(db);
    preparedUpserts.set(db, prepared);
  }
  return prepared;
}
const prepareUpsert = (db: Db) => {
  const [n, windowMs, at] = [sql.placeholder("n"), sql.placeholder("windowMs"), sql.placeholder("at")];
  // the window has ended when it started windowMs or more before `at`
  const ended = sql`${rateLimits.windowStart} + ${windowMs}::bigint <= ${at}::bigint`;
  return db
    .insert(rateLimits)
    .values({ key: sql.placeholder("key"), windowStart: sql`${at}::bigint`, hits: sql`${n}::integer` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        windowStart: sql`case when ${ended} then ${at}::bigint else ${rateLimits.windowStart} end`,
        hits: sql`case when ${ended} then ${n}::integer else ${rateLimits.hits} + ${n}::integer end`,
      },
    })
    .returning({ windowStart: rateLimits.windowStart, hits: rateLimits.hits })
    .prepare("add_shared_hits");
};
