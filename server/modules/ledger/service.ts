import type { Tx } from "../../db/client";
import { type Account, Overdraft, postEntries } from "../../db/ledger";
import { AppError } from "../errors";

export type { Account };

export interface Movement {
  account: Account;
  /** cents (or coin hundredths); negative takes money out */
  delta: number;
  reason: string;
}

/**
 * Moves a user's money inside the caller's transaction: each balance changes by its delta, never below zero
 * (the update itself checks, so concurrent requests cannot overdraw), and each change writes its ledger row.
 * The movements apply one after another, each checked on its own, so a debit listed before a credit to the
 * same account is not covered by it.
 */
export async function moveMoney(tx: Tx, userId: number, movements: Movement[], reference: string, now: number): Promise<void> {
  for (const movement of movements) {
    try {
      await postEntries(tx, [{ userId, ...movement, reference, createdAt: now }]);
    } catch (error) {
      if (error instanceof Overdraft) throw new AppError("balance_insufficient");
      throw error;
    }
  }
}
