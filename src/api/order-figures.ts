import { parseAmount, parsePrice, rateToBps } from "#contract/money";
import type { Order } from "#contract/trading";
import { netOrderChange, orderProfit, orderResult } from "#contract/trading-math";

const cents = (text: string) => Math.round(Number(text) * 100);

/**
 * What the balance would change by if the order settled at this price, the fee paid at opening included; null once
 * the order's time is up, since the price after expiry no longer decides anything and the server's result is awaited.
 */
export function liveChange(order: Order, price: string | undefined, now: number): number | null {
  if (now >= order.closeTime || order.status === "closed") return null;
  if (price === undefined) return null;
  const result = orderResult(order.direction, parsePrice(order.openPrice, order.precision), parsePrice(price, order.precision));
  return netOrderChange(orderProfit(result, parseAmount(order.amount) ?? 0, rateToBps(order.payoutRate) ?? 0), cents(order.fee));
}

/** The settled order's net change of the balance: its result minus the fee paid at opening; null while holding. */
export function settledChange(order: Order): number | null {
  if (order.profit === null) return null;
  return netOrderChange(cents(order.profit), cents(order.fee));
}

/**
 * The holding orders still shown as holding: an order the server has settled leaves the list at once (its result is
 * in the history), whatever the loaded list said.
 */
export function stillHolding(holding: Order[], settledIds: ReadonlySet<number>): Order[] {
  return holding.filter((o) => !settledIds.has(o.id));
}
