/**
 * What the console's long lists share: the recharge, withdrawal and real-name queues, the manual adjustments, the
 * customers, the ledger and the audit log. Each pages by a cursor (the sort value and id of the row a page ended on), so a row added
 * while an operator pages never pushes another onto the next page twice, and filters, sorts and exports the same
 * filtered set as CSV. No zod here: the console imports it.
 */

/** Rows per page of every console list. */
export const LIST_PAGE_SIZE = 50;

/** Above this many matching rows the total says "at least" instead of counting on: a count must stay cheap. */
export const LIST_COUNT_CAP = 10_000;

/** One page of a console list and the cursors to the pages either side (null: there is none). */
export interface ListPage<T> {
  items: T[];
  /** rows matching the filters, counted up to LIST_COUNT_CAP */
  total: number;
  /** true when `total` stopped at LIST_COUNT_CAP: there are at least that many */
  totalCapped: boolean;
  next: string | null;
  previous: string | null;
}

export const SORT_ORDERS = ["desc", "asc"] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** The columns each list sorts by; the first is its default (newest first). */
export const LIST_SORTS = {
  recharges: ["time", "amount"],
  withdrawals: ["time", "amount"],
  verifications: ["time"],
  users: ["time", "cash"],
  ledger: ["time", "amount"],
  audit: ["time"],
  adjustments: ["time", "amount"],
} as const;

export type ListName = keyof typeof LIST_SORTS;
export type ListSort<L extends ListName> = (typeof LIST_SORTS)[L][number];

/** Status filters of the review queues ("all" shows every status). */
export const MONEY_QUEUE_STATUSES = ["review", "success", "failed", "all"] as const;
/** The withdrawal queue adds the approved ones whose payment finance has still to mark paid or failed. */
export const WITHDRAWAL_QUEUE_STATUSES = [...MONEY_QUEUE_STATUSES, "awaiting_payout"] as const;
export const VERIFICATION_STATUSES = ["review", "passed", "refused", "all"] as const;
/** The customers list: everyone, or only the locked, verified or unverified ones. */
export const CUSTOMER_STATES = ["all", "locked", "verified", "unverified"] as const;
/** The manual adjustments' statuses, waiting for a second person first (the server's default). */
export const ADJUSTMENT_LIST_STATUSES = ["pending", "applied", "rejected", "all"] as const;
/** The ledger's accounts (balance columns) a row may move. */
export const LEDGER_ACCOUNTS = ["cash", "coin", "frozen", "yuebao"] as const;

/** One row of the operator's ledger view: every customer's movements, with the account's balance after each. */
export interface LedgerRowForOps {
  id: number;
  userId: number;
  account: string;
  /** cash, coin, frozen or yuebao */
  balance: string;
  /** what moved the money: stake, settle_win, recharge, withdrawal_paid… */
  kind: string;
  amount: string;
  balanceAfter: string;
  reference: string | null;
  time: number;
}

/** A field an operator's change touched, as the audit log shows it: amounts in U, rates as decimals. */
export interface AuditChange {
  field: string;
  before: string | null;
  after: string | null;
}
