import type { CardType } from "#contract/cards";

import type { bankCards, withdrawals } from "../../db/schema";

/** Where a withdrawal is paid, as the person paying out needs it. */
export interface PayoutDestination {
  channel: CardType;
  bank: string;
  branch: string;
  number: string;
  holder: string;
}

/**
 * The destination copied onto the withdrawal when the customer asks for it: the card may be removed or its
 * number bound again later, and the platform must still know where each payment went.
 */
export const payoutSnapshot = (card: typeof bankCards.$inferSelect) => ({
  payoutType: card.type,
  payoutBank: card.bankName,
  payoutBranch: card.branch,
  payoutHolder: card.holder,
  payoutNumber: card.number,
});

/** The withdrawal's own copy of its destination; null only where the card was gone before copies were kept. */
export function payoutOf(row: typeof withdrawals.$inferSelect): PayoutDestination | null {
  if (row.payoutType === null || row.payoutNumber === null) return null;
  return {
    channel: row.payoutType,
    bank: row.payoutBank ?? "",
    branch: row.payoutBranch ?? "",
    number: row.payoutNumber,
    holder: row.payoutHolder ?? "",
  };
}
