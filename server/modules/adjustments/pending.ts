import { eq, sql } from "drizzle-orm";

import type { Db } from "../../db/client";
import { adjustments } from "../../db/schema";

/** How many adjustments wait for a second person, and how long the oldest has waited: the dashboard's row. */
export async function pendingAdjustments(db: Db, now: number): Promise<{ count: number; oldestAgeSeconds: number | null }> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, oldest: sql<number | null>`min(${adjustments.proposedAt})` })
    .from(adjustments)
    .where(eq(adjustments.status, "pending"));
  const oldest = row?.oldest === null || row?.oldest === undefined ? null : Number(row.oldest);
  return { count: row?.count ?? 0, oldestAgeSeconds: oldest === null ? null : now - oldest };
}
