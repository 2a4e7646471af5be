import type { RecordPage } from "./paging";

/** Timed up/down orders: direction, result and the order as the customer sees it. */
export const DIRECTIONS = ["up", "down"] as const;

export type Direction = (typeof DIRECTIONS)[number];

export type OrderResult = "win" | "loss" | "tie";

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
  status: "holding" | "closed";
}

export type OrderPage = RecordPage<Order>;
