import type { Order } from "#contract/trading";

/**
 * Seconds until the result of an order whose time is up is due, while it waits for the reveal of its exit
 * minute's seed (docs/fairness.md): null before its expiry, once it is settled or void, and when the server
 * settles it at expiry (a real-fed product). The server says when (`resultAt`); nothing about money is computed
 * here. Never under one: an order past its expected reveal is about to settle, not late.
 */
export function secondsToResult(order: Pick<Order, "status" | "closeTime" | "resultAt">, now: number): number | null {
  if (order.status !== "holding" || order.resultAt === null || order.resultAt <= order.closeTime || now < order.closeTime) return null;
  return Math.max(1, Math.ceil(order.resultAt - now));
}

/** When the customer may ask the server about an order again: at its expected result, not each second before it. */
export const resultDueAt = (order: Pick<Order, "closeTime" | "resultAt">) => Math.max(order.closeTime, order.resultAt ?? 0);
