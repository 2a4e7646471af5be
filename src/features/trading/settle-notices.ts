import type { Order } from "#contract/trading";

/**
 * Slack between the server time the page says it first saw an order holding (its estimate of the server's clock,
 * taken as the answer is rendered) and the server's `settledAt`: an order settled just before the answer was shown
 * still counts as settled while known.
 */
export const KNOWN_SLACK_SECONDS = 5;

/** What this tab remembers for notices, across its pages: when it first saw each order holding, and what it noticed. */
export interface NoticeMemory {
  /** order id → server time (s) the page first saw it holding, from a live answer */
  knownSince: Map<number, number>;
  noticed: Set<number>;
}

export const tabMemory: NoticeMemory = { knownSince: new Map(), noticed: new Set() };

/** Remembers the orders a live answer showed as holding (the first sighting counts). */
export function knowHolding(memory: NoticeMemory, orders: Order[], now: number): void {
  for (const order of orders) {
    if (order.status === "holding" && !memory.knownSince.has(order.id)) memory.knownSince.set(order.id, now);
  }
}

/** Of the ids a poll found gone from the holding list, those that might deserve a notice (worth fetching). */
export function noticeCandidates(memory: NoticeMemory, ids: number[]): number[] {
  return ids.filter((id) => memory.knownSince.has(id) && !memory.noticed.has(id));
}

/**
 * The settled orders that deserve a notice: ones this page knew as holding and saw settle afterwards, not noticed
 * before. An order already settled when the page first saw it (a saved copy, a stale list) is never noticed.
 */
export function ordersToNotice(memory: NoticeMemory, settled: Order[]): Order[] {
  return settled.filter((order) => {
    const since = memory.knownSince.get(order.id);
    if (since === undefined || memory.noticed.has(order.id)) return false;
    return order.status === "closed" && order.settledAt !== null && order.settledAt >= since - KNOWN_SLACK_SECONDS;
  });
}
