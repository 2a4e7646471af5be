/** The ranges the dashboard's history offers, in UTC days ending today. */
export const HISTORY_RANGES = [7, 30, 90] as const;
export type HistoryRange = (typeof HISTORY_RANGES)[number];

/** One UTC day of the platform's money; amounts in U. */
export interface HistoryDay {
  /** the day's start, unix seconds at 00:00 UTC */
  day: number;
  /** recharges credited that day */
  deposits: { count: number; total: string };
  /** withdrawals approved that day: what left the platform (after the fee), and the fee kept apart */
  withdrawals: { count: number; paid: string; fee: string };
  /** the platform's fees: of the orders settled that day, and of the withdrawals approved that day */
  fees: { orders: string; withdrawals: string; total: string };
  /** stakes minus what the orders settled that day paid back: positive when the customers lost (fees apart) */
  ordersProfit: string;
  settledOrders: number;
  newCustomers: number;
}

/** A customer who won most over the range: payouts minus stakes and fees of their orders settled in it. */
export interface TopWinner {
  userId: number;
  account: string;
  net: string;
  orders: number;
}

export interface DashboardHistory {
  days: HistoryRange;
  /** the first day's start (00:00 UTC) and now: the range counted */
  from: number;
  to: number;
  rows: HistoryDay[];
  topWinners: TopWinner[];
}
