import { lte } from "drizzle-orm";

import type { Db } from "../db/client";
import { customerSignIns } from "../db/schema";

/** How long a sign-in's address and device id are kept unless `SIGN_IN_KEEP_DAYS` says otherwise. */
export const DEFAULT_SIGN_IN_KEEP_DAYS = 180;

const DAY_SECONDS = 86_400;

/**
 * Deletes the sign-in records (address and device id of each registration and login) older than the retention.
 * They are personal data kept for one purpose, the money desk's "several accounts from one device or address"
 * signal, and a shared device half a year ago tells the desk little: past that they are only a liability.
 * Answers how many went.
 */
export async function forgetOldSignIns(db: Db, now: number, retentionDays: number): Promise<number> {
  const gone = await db
    .delete(customerSignIns)
    .where(lte(customerSignIns.at, now - retentionDays * DAY_SECONDS))
    .returning({ id: customerSignIns.id });
  return gone.length;
}
