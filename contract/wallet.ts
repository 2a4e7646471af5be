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

/** What the wallet paths answer, by path name (contract/paths.ts). */
export interface WalletAnswers {
  wallet: Wallet;
  exchange: ExchangeResult;
  exchangeRecords: RecordPage<ExchangeRecord>;
}
