import { eq } from "drizzle-orm";

import type { Db, Tx } from "../../db/client";
import { users } from "../../db/schema";
import { AppError } from "../errors";

/**
 * Locks the customer's row for a money movement they asked for and refuses it when an operator has frozen the
 * account. Read under the lock, so a freeze committed by another process before the lock was granted counts, and
 * one committed after it waits for this movement to finish.
 */
export async function lockUnfrozenUser(tx: Db | Tx, userId: number): Promise<void> {
  const [row] = await tx.select({ frozenAt: users.accountFrozenAt }).from(users).where(eq(users.id, userId)).for("update");
  if (row?.frozenAt != null) throw new AppError("account_frozen");
}
