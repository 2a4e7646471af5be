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
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: at, hits: n })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        windowStart: sql`case when ${rateLimits.windowStart} + ${windowMs} <= ${at} then ${at} else ${rateLimits.windowStart} end`,
        hits: sql`case when ${rateLimits.windowStart} + ${windowMs} <= ${at} then ${n} else ${rateLimits.hits} + ${n} end`,
      },
    })
    .returning({ windowStart: rateLimits.windowStart, hits: rateLimits.hits });
  return { windowStart: Number(row!.windowStart), hits: row!.hits };
}
