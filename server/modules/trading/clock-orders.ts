import { eq } from "drizzle-orm";

import type { Db } from "../../db/client";
import { orders } from "../../db/schema";
import { type OrderToPlace, placeChargedOrder, type PlaceOrderAnswer, type PlaceOrderChecks } from "../ledger/service";

/**
 * An order at a clock time: `place_order` as for a duration, given the option whose rate applies
 * (`order.seconds`), then, in the same transaction, the order's seconds and expiry set to the boundary. The
 * function stays as it is (one definition, shared with every other change to placement); the boundary is the
 * server's own, checked by the caller against the time it passed as `openTime`. Nothing settles the order in
 * between: it commits with its final expiry or not at all.
 */
export function placeClockOrder(db: Db, order: OrderToPlace, checks: PlaceOrderChecks, expiresAt: number): Promise<PlaceOrderAnswer> {
  return db.transaction(async (tx) => {
    const placed = await placeChargedOrder(tx, order, checks);
    if (placed.outcome === "created")
      await tx
        .update(orders)
        .set({ seconds: expiresAt - placed.openTime!, expiresAt })
        .where(eq(orders.id, placed.orderId!));
    return placed;
  });
}
