import { eq, sql } from "drizzle-orm";

import type { Db, Tx } from "../../db/client";
import { userLimits } from "../../db/schema";
import { type LimitsRow, NO_LIMITS } from "./columns";

/**
 * The customer's limits as in force at `now`: a loosening whose day has passed is applied first (the SQL
 * function `apply_due_limit_changes`, which `place_order` calls too, so every reader agrees on what holds).
 * Inside a transaction that holds the user's row lock it is the value every money movement checks against.
 */
export async function limitsInForce(db: Db | Tx, userId: number, now: number): Promise<LimitsRow> {
  await db.execute(sql`select apply_due_limit_changes(${userId}::integer, ${now}::bigint)`);
  const [row] = await db.select().from(userLimits).where(eq(userLimits.userId, userId));
  return row ?? NO_LIMITS(userId);
}
