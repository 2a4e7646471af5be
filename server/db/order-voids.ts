import type { OrderAccount, VoidReason } from "#contract/trading";

import type { Tx } from "./client";
import { accountOf, postEntries } from "./ledger";
import { type OutboxEvent, recordEvents } from "./outbox";

/** An order the caller's guarded update has just set to `void` (only one still `holding` changes). */
export interface VoidedOrder {
  id: number;
  userId: number;
  productId: number;
  /** stake and fee, what the customer paid to open it */
  refund: number | string;
  /** whose money it staked: the refund goes back there (a practice order's to the practice balance) */
  account: OrderAccount;
}

/**
 * Books what voided orders are owed, in the caller's transaction: stake and fee back to cash (a practice order's
 * to the practice balance) (one `order_void`
 * ledger row per order), an event for each customer's open screens and one per product for the console (its
 * exposure changed). The settlement job's silent-feed voids and an operator's price-source switch both write
 * through it, so a void is refunded and told the same way wherever it comes from. It sits in the db layer
 * because the job may not import services; services reach it through server/modules/ledger.
 */
export async function refundVoidedOrders(tx: Tx, voided: readonly VoidedOrder[], reason: VoidReason, now: number): Promise<void> {
  await postEntries(
    tx,
    voided.map((order) => ({
      userId: order.userId,
      account: accountOf(order.account),
      delta: Number(order.refund),
      reason: "order_void",
      reference: `order:${order.id}`,
      createdAt: now,
    })),
  );
  const perProduct = new Map<number, number>();
  for (const order of voided) perProduct.set(order.productId, (perProduct.get(order.productId) ?? 0) + 1);
  const events: OutboxEvent[] = [
    ...voided.map((order): OutboxEvent => ({
      userId: order.userId,
      kind: "order_void",
      data: { orderId: order.id, pid: order.productId, reason },
    })),
    ...[...perProduct].map(([pid, count]): OutboxEvent => ({ userId: null, kind: "orders_voided", data: { count, pid, reason } })),
  ];
  await recordEvents(tx, events, now);
}
