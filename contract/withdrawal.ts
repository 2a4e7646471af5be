import type { BankCard, CardType } from "./cards";
import type { RecordPage } from "./paging";
import type { ReviewStatus } from "./review";

/** Withdrawal rules and records. */

/**
 * What happened to an approved withdrawal's payment: waiting for the bank, paid (with the bank's reference),
 * or failed (the amount went back to cash).
 */
export const PAYOUT_STATES = ["awaiting", "paid", "failed"] as const;
export type PayoutState = (typeof PAYOUT_STATES)[number];

export interface WithdrawRules {
  min: string;
  max: string;
  feeRate: string;
  /** "09:00-21:00", platform time */
  window: string;
  timezone: string;
  dailyCount: number;
  usedToday: number;
  /** this customer must pass the real-name check before withdrawing (the first-withdrawal rule applies to them) */
  realNameRequired: boolean;
}

export interface WithdrawalInfo {
  rules: WithdrawRules;
  cards: BankCard[];
  balance: string;
}

export interface WithdrawalRecord {
  id: number;
  time: number;
  type: CardType;
  bankName: string;
  /** the last four digits of the number paid to, as it was when the customer asked */
  cardTail: string;
  amount: string;
  fee: string;
  actual: string;
  status: ReviewStatus;
  reason: string | null;
  /** null until approved */
  payout: PayoutState | null;
  /** when it was marked paid or failed */
  payoutAt: number | null;
  /** why the payment failed (the money is back in cash) */
  payoutFailure: string | null;
}

/** What the withdrawal paths answer, by path name (contract/paths.ts). */
export interface WithdrawalAnswers {
  withdrawalInfo: WithdrawalInfo;
  withdraw: WithdrawalRecord;
  withdrawRecords: RecordPage<WithdrawalRecord>;
}
