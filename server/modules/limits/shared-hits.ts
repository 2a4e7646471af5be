import { and, eq, sql } from "drizzle-orm";

import type { Db } from "../../db/client";
import { rateLimits } from "../../db/schema";

/** One key's shared count as the database holds it after an addition. */
export interface SharedCount {
  windowStart: number;
  /** hits granted in the window, all processes together: at most the limit */
  hits: number;
  /** how many of the hits asked for were granted: only what the limit still left */
  granted: number;
}

/**
 * Asks for `n` more hits of `key`'s budget of `max` in `rate_limits` and returns the count: one upsert, atomic
 * under concurrency from any number of processes. Only what is left of the budget is granted, so the count
 * never passes `max` and every hit in it was admitted somewhere (a stopping process can hand its unspent ones
 * back: releaseSharedHits). A window that has ended (started `windowMs` or more before `at`) starts over at `at`.
 */
export async function addSharedHits(db: Db, key: string, n: number, windowMs: number, at: number, max: number): Promise<SharedCount> {
  const [row] = await preparedFor(db).execute({ key, n, windowMs, at, max });
  return { windowStart: Number(row!.windowStart), hits: row!.hits, granted: row!.granted };
}

/**
 * Hands `n` granted but unused hits of `key` back to the window that started at `windowStart` (not to a later
 * one, which never counted them), so the address's budget is whole again for the processes still running.
 */
export async function releaseSharedHits(db: Db, key: string, n: number, windowStart: number): Promise<void> {
  await db
    .update(rateLimits)
    .set({ hits: sql`greatest(0, ${rateLimits.hits} - ${n}::integer)` })
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart)));
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
  const [n, windowMs, at, max] = [sql.placeholder("n"), sql.placeholder("windowMs"), sql.placeholder("at"), sql.placeholder("max")];
  // the window has ended when it started windowMs or more before `at`
  const ended = sql`${rateLimits.windowStart} + ${windowMs}::bigint <= ${at}::bigint`;
  const fresh = sql`least(${n}::integer, ${max}::integer)`;
  // what the window still leaves, read from the row as it is locked for this update (not an earlier snapshot)
  const granted = sql`case when ${ended} then ${fresh} else least(${n}::integer, greatest(0, ${max}::integer - ${rateLimits.hits})) end`;
  return db
    .insert(rateLimits)
    .values({ key: sql.placeholder("key"), windowStart: sql`${at}::bigint`, hits: fresh, lastGrant: fresh })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        windowStart: sql`case when ${ended} then ${at}::bigint else ${rateLimits.windowStart} end`,
        hits: sql`case when ${ended} then ${fresh} else ${rateLimits.hits} + ${granted} end`,
        lastGrant: granted,
      },
    })
    .returning({ windowStart: rateLimits.windowStart, hits: rateLimits.hits, granted: rateLimits.lastGrant })
    .prepare("add_shared_hits");
};
