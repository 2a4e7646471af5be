import { z } from "zod";

import { requestIdField } from "./fields";

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

const required = (issue: { input: unknown }) => (issue.input === undefined ? "field_required" : "invalid_input");
const idField = () =>
  z
    .string({ error: required })
    .regex(/^\d{1,9}$/, { error: "invalid_input" })
    .transform(Number);
const amountField = () =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: "field_required" })
    .regex(/^\d{1,12}(\.\d{1,2})?$/, { error: "invalid_input" });

const payPasswordField = () => z.string({ error: required }).min(1, { error: "field_required" }).max(200, { error: "field_too_long" });

export const joinPlanRequest = z.object({
  planId: idField(),
  amount: amountField(),
  payPassword: payPasswordField(),
  requestId: requestIdField(),
});
export const appendRequest = z.object({
  id: idField(),
  amount: amountField(),
  payPassword: payPasswordField(),
  requestId: requestIdField(),
});
export const subscriptionRequest = z.object({ id: idField(), requestId: requestIdField() });
/** Stopping pays principal and profit out to cash: a money action, confirmed with the fund password like join and append. */
export const stopRequest = z.object({ id: idField(), payPassword: payPasswordField(), requestId: requestIdField() });
