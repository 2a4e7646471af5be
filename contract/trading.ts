import type { ErrorKey } from "./catalogue";
import type { RecordPage } from "./paging";

/** Timed up/down orders: direction, result and the order as the customer sees it. */
export const DIRECTIONS = ["up", "down"] as const;

export type Direction = (typeof DIRECTIONS)[number];

export type OrderResult = "win" | "loss" | "tie";

/**
 * An order's life: `holding` until it settles (`closed`), or `void` when something outside the customer's
 * choice ended it before it could be settled fairly, stake and fee back to cash (docs/decisions.md).
 */
export const ORDER_STATUSES = ["holding", "closed", "void"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Why an order was void: `source_switch`, the product's price source changed while it was open; `feed_silent`,
 * no trade was heard near its expiry; `uncommitted`, its entry or exit tick was recorded without a prior
 * commitment, or the seed of its minute was lost before it was revealed (docs/fairness.md), so nobody could check
 * it had not been chosen.
 */
export const VOID_REASONS = ["source_switch", "feed_silent", "uncommitted"] as const;
export type VoidReason = (typeof VOID_REASONS)[number];

/**
 * Whose money an order stakes: `real`, the customer's cash; `practice`, the practice balance (play money in its
 * own ledger account: settled exactly like real orders, never moving real money, left out of the customer's own
 * money limits and of the operators' exposure and money totals).
 */
export const ORDER_ACCOUNTS = ["real", "practice"] as const;
export type OrderAccount = (typeof ORDER_ACCOUNTS)[number];

/** What a practice balance starts at and is reset to, in cents (10 000.00). */
export const PRACTICE_BALANCE_CENTS = 1_000_000;

export interface Order {
  id: number;
  pid: number;
  code: string;
  name: string;
  precision: number;
  direction: Direction;
  amount: string;
  fee: string;
  seconds: number;
  payoutRate: string;
  openPrice: string;
  openTime: number;
  closeTime: number;
  closePrice: string | null;
  settledAt: number | null;
  result: OrderResult | null;
  /** money back at settlement minus the stake: +amount×payoutRate on a win, −amount on a loss, 0 on a tie */
  profit: string | null;
  payout: string | null;
  status: OrderStatus;
  /** set when `status` is `void`: why it was voided (its stake and fee were refunded) */
  voidReason: VoidReason | null;
  /**
   * While `holding`: when its result is due at the earliest (unix seconds). On a simulated product that is the
   * reveal of its exit minute's seed, up to a minute after `closeTime` (docs/fairness.md); on a real-fed one,
   * `closeTime`. Null once it is settled or void.
   */
  resultAt: number | null;
  /** whose money it staked: the customer's cash or the practice balance */
  account: OrderAccount;
}

export type OrderPage = RecordPage<Order>;

/** Whether an order could be placed now; `reason` is the refusal it would meet. */
export interface PreTradeCheck {
  allowed: boolean;
  reason?: ErrorKey;
}

/** What the order paths answer, by path name (contract/paths.ts). */
export interface TradingAnswers {
  preTradeCheck: PreTradeCheck;
  placeOrder: Order;
  order: Order;
  holdingOrders: Order[];
  orderHistory: OrderPage;
}
