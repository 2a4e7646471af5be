import type { Tx } from "../../db/client";
import { type Account, Overdraft, postEntries } from "../../db/ledger";
import { AppError } from "../errors";

export type { Account };
// order placement books its stake and fee in the same single call that writes the order (one round trip)
export { openPracticeAccount, type OrderToPlace, placeChargedOrder, type PlaceOrderAnswer, type PlaceOrderChecks } from "../../db/ledger";
export { refundVoidedOrders, type VoidedOrder } from "../../db/order-voids";

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
 * same account is not covered by it. Movements all one way (only debits, say an order's stake and fee) are
 * booked in one statement: debits are covered one after another exactly when their sum is.
 */
export async function moveMoney(tx: Tx, userId: number, movements: Movement[], reference: string, now: number): Promise<void> {
  const oneWay = movements.every((movement) => movement.delta <= 0) || movements.every((movement) => movement.delta >= 0);
  const steps = oneWay ? [movements] : movements.map((movement) => [movement]);
  for (const step of steps) {
    try {
      await postEntries(
        tx,
        step.map((movement) => ({ userId, ...movement, reference, createdAt: now })),
      );
    } catch (error) {
      if (error instanceof Overdraft) throw new AppError("balance_insufficient");
      throw error;
    }
  }
}
