import { decimalToCents } from "#contract/format";
import { parseAmount, parsePrice, rateToBps } from "#contract/money";
import type { Order } from "#contract/trading";
import { netOrderChange, orderOutcome } from "#contract/trading-math";

/**
 * What the balance would change by if the order settled at this price, the fee paid at opening included; null once
 * the order's time is up, since the price after expiry no longer decides anything and the server's result is awaited.
 */
export function liveChange(order: Order, price: string | undefined, now: number): number | null {
  if (now >= order.closeTime || order.status !== "holding") return null;
  if (price === undefined) return null;
  const { profit } = orderOutcome(
    {
      direction: order.direction,
      openPrice: parsePrice(order.openPrice, order.precision),
      amountCents: parseAmount(order.amount) ?? 0,
      payoutBps: rateToBps(order.payoutRate) ?? 0,
    },
    parsePrice(price, order.precision),
  );
  return netOrderChange(profit, decimalToCents(order.fee));
}

/** The settled order's net change of the balance: its result minus the fee paid at opening; null while holding. */
export function settledChange(order: Order): number | null {
  if (order.profit === null) return null;
  return netOrderChange(decimalToCents(order.profit), decimalToCents(order.fee));
}

/**
 * The holding orders still shown as holding: an order the server has settled leaves the list at once (its result is
 * in the history), whatever the loaded list said.
 */
export function stillHolding(holding: Order[], settledIds: ReadonlySet<number>): Order[] {
  return holding.filter((o) => !settledIds.has(o.id));
}
