import type { RecordPage } from "./paging";

/**
 * The coin rates an operator may set, cash (U) per coin, in basis points (0.01 to 1 000 U). The coin side of
 * an exchange is kept to the hundredth, so an exchange into coin drops up to 0.01 coin: at 1 000 U per coin
 * that is 10 U, and a higher rate would make that rounding cost customers real money; below 0.01 U a coin,
 * 1 U would buy over a hundred coins and a large balance would leave the exact range of the cent columns.
 */
export const COIN_RATE_MIN_BPS = 100;
export const COIN_RATE_MAX_BPS = 10_000_000;

export interface Wallet {
  cash: string;
  coin: string;
  frozen: string;
  yuebao: string;
  /** cash (U) per coin */
  coinRate: string;
}

export interface ExchangeRecord {
  id: number;
  time: number;
  type: "cash_to_coin" | "coin_to_cash";
  coin: string;
  cashAmount: string;
  coinAmount: string;
  rate: string;
}

/** The two balances after an exchange. */
export interface ExchangeResult {
  cash: string;
  coin: string;
}

/**
 * The kinds of the customer's funds lines: each ledger row's reason, named in every language by the funds
 * records page. A kind the page does not know is shown as "Other".
 */
export const FUNDS_KINDS = [
  "recharge",
  "withdrawal_request",
  "withdrawal_paid",
  "withdrawal_rejected",
  "withdrawal_returned",
  "order_stake",
  "order_fee",
  "order_settlement",
  "order_void",
  "exchange_in",
  "exchange_out",
  "yuebao_join",
  "yuebao_append",
  "yuebao_stop",
  "yuebao_interest",
  "yuebao_profit_paid",
  "yuebao_matured",
  "invite_bonus",
  "signin_bonus",
  "adjustment",
  "seed",
] as const;
export type FundsKind = (typeof FUNDS_KINDS)[number];

/** One line of the customer's funds records: one ledger row of theirs. */
export interface FundsLine {
  id: number;
  time: number;
  account: "cash" | "coin" | "frozen" | "yuebao";
  kind: string;
  /** signed: negative took money out */
  amount: string;
  /** an adjustment's reason, a failed payment's reason; null for the rest */
  note: string | null;
}

/** What the wallet paths answer, by path name (contract/paths.ts). */
export interface WalletAnswers {
  wallet: Wallet;
  exchange: ExchangeResult;
  exchangeRecords: RecordPage<ExchangeRecord>;
  funds: RecordPage<FundsLine>;
}
