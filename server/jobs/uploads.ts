import { rm } from "node:fs/promises";
import { join } from "node:path";

import { and, eq, lte, sql } from "drizzle-orm";

import type { Db } from "../db/client";
import { recharges, supportLines, uploads } from "../db/schema";

/** An upload no record or support line uses is removed this long after it was made. */
const UPLOAD_GRACE_SECONDS = 86400;

/**
 * Removes uploads that no record uses once their grace period is over: the row, then the file. Each is
 * locked and checked again before it goes, so a recharge attaching it at that moment either wins (and the
 * upload stays) or finds it gone.
 */
export async function removeStaleUploads(db: Db, uploadsDir: string, now: number): Promise<number> {
  const stale = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(
      and(
        lte(uploads.createdAt, now - UPLOAD_GRACE_SECONDS),
        sql`not exists (select 1 from ${recharges} where ${recharges.uploadId} = ${uploads.id})`,
        sql`not exists (select 1 from ${supportLines} where ${supportLines.uploadId} = ${uploads.id})`,
      ),
    )
    .limit(1000);
  let removed = 0;
  for (const { id } of stale) {
    const name = await db.transaction(async (tx) => {
      const [row] = await tx.select().from(uploads).where(eq(uploads.id, id)).for("update");
      if (!row) return null;
      const [used] = await tx.select({ id: recharges.id }).from(recharges).where(eq(recharges.uploadId, id)).limit(1);
      if (used) return null;
      // a picture sent in the support chat is that line's for as long as the thread is kept
      const [inChat] = await tx.select({ id: supportLines.id }).from(supportLines).where(eq(supportLines.uploadId, id)).limit(1);
      if (inChat) return null;
      await tx.delete(uploads).where(eq(uploads.id, id));
      return row.name;
    });
    if (!name) continue;
    await rm(join(uploadsDir, name), { force: true });
    removed++;
  }
  return removed;
}
