import { sql } from "drizzle-orm";

import type { Tx } from "../../db/client";
import { ledger } from "../../db/schema";
import { AppError } from "../errors";

export type Account = "cash" | "coin" | "frozen" | "yuebao";

export interface Movement {
  account: Account;
  /** cents (or coin hundredths); negative takes money out */
  delta: number;
  reason: string;
}

const column = { cash: sql.raw("cash"), coin: sql.raw("coin"), frozen: sql.raw("frozen"), yuebao: sql.raw("yuebao") };

/**
 * Moves a user's money inside the caller's transaction: each balance changes by its delta, never below zero
 * (the update itself checks, so concurrent requests cannot overdraw), and each change writes its ledger row.
 */
export async function moveMoney(tx: Tx, userId: number, movements: Movement[], reference: string, now: number): Promise<void> {
  for (const movement of movements) {
    if (movement.delta === 0) continue;
    const target = column[movement.account];
    const result = (await tx.execute(
      sql`update users set ${target} = ${target} + ${movement.delta} where id = ${userId} and ${target} + ${movement.delta} >= 0 returning id`,
    )) as unknown as { rows: unknown[] };
    if (result.rows.length !== 1) throw new AppError("balance_insufficient");
    await tx
      .insert(ledger)
      .values({ userId, account: movement.account, delta: movement.delta, reason: movement.reason, reference, createdAt: now });
  }
}
