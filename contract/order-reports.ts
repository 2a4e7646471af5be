import type { OrderAccount } from "./trading";

/** The Order tab's reports: the history filter and the statement. */
export const ORDER_RESULTS = ["win", "loss", "tie"] as const;

/** The history narrowed by product, result and settlement time (`since` ≤ settled < `until`, Unix seconds). */
export interface OrderHistoryFilter {
  pid?: number;
  result?: (typeof ORDER_RESULTS)[number];
  since?: number;
  until?: number;
  /** real (the default) or practice orders */
  account?: OrderAccount;
}

export const STATEMENT_DAYS = [7, 30, 90] as const;

/** Money figures of settled orders, as decimal strings: stake, fee, what settlement paid back, and the net change. */
export interface StatementFigures {
  orders: number;
  wins: number;
  losses: number;
  ties: number;
  stake: string;
  fee: string;
  payout: string;
  /** payout − stake − fee: what the orders did to the balance */
  net: string;
}

export interface Statement {
  days: number;
  /** the first second counted (the reader's midnight `days − 1` days ago) and the moment it was made */
  from: number;
  to: number;
  totals: StatementFigures;
  /** wins ÷ settled orders, as a percentage with one decimal ("62.5"); "0.0" without orders */
  winRate: string;
  /** one entry per day of the period, oldest first, days without orders included */
  daily: Array<{ day: string; orders: number; net: string }>;
  /** one entry per product traded, the largest stake first */
  products: Array<StatementFigures & { pid: number; code: string; name: string }>;
}

/** What the report paths answer, by path name (contract/paths.ts). */
export interface OrderReportAnswers {
  statement: Statement;
}
