import type { PercentOptions } from "./locale-format";

/** Yuebao plans and subscriptions: simple daily interest, nothing withheld. */
export interface FinancePlan {
  id: number;
  title: string;
  /** per day, as a decimal string: "0.0012" = 0.12% a day */
  dailyRate: string;
  days: number;
  minAmount: string;
  status: "open" | "closed";
}

export type SubscriptionStatus = "earning" | "settled" | "to_be_added";

export interface Subscription {
  id: number;
  planId: number;
  title: string;
  principal: string;
  dailyRate: string;
  days: number;
  startTime: number | null;
  endTime: number | null;
  /** when the subscription was settled (at maturity or stopped), Unix seconds; null while it runs */
  settledTime: number | null;
  profit: string;
  /** profit credited per day so far: [day number, cumulative profit] for the chart */
  profitByDay: Array<[number, string]>;
  status: SubscriptionStatus;
  renew: boolean;
  minAmount: string;
}

export interface YuebaoInfo {
  subscriptions: Subscription[];
  yesterdayProfit: string;
  yesterdayBalance: string;
  totalProfit: string;
  totalBalance: string;
}

/** What the yuebao paths answer, by path name (contract/paths.ts): a change to a subscription answers the whole page. */
export interface FinanceAnswers {
  plans: FinancePlan[];
  joinPlan: Subscription;
  yuebaoInfo: YuebaoInfo;
  appendSubscription: YuebaoInfo;
  keepSubscription: YuebaoInfo;
  stopSubscription: YuebaoInfo;
}

/** Daily rates keep two decimals even when they end in zero ("0.10 %"), so plans line up when compared. */
export const DAILY_RATE_PERCENT: PercentOptions = { decimals: 2, minDecimals: 2 };
