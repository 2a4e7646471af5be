import type { SupportRecordKind } from "#contract/support-chat";

/** A customer's support thread, #/support/<user id> (ConsoleRouter.tsx). */
export const supportThreadHref = (userId: number) => `#/support/${userId}`;

/**
 * Where an operator opens a record a line links: a recharge or withdrawal in its queue, found by its reference
 * whatever its status; an order on its customer's page, which lists the orders.
 */
export function recordHref(kind: SupportRecordKind, id: number, userId: number): string {
  if (kind === "recharge") return `#/recharges?status=all&q=recharge:${id}`;
  if (kind === "withdrawal") return `#/withdrawals?status=all&q=withdrawal:${id}`;
  return `#/users/${userId}`;
}
