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
  /** the practice balance (play money); 10000.00 before its first use, when it opens with that */
  practice: string;
  /** whether a recharge of the customer's was ever approved: until then the app starts on practice */
  recharged: boolean;
}

/** The practice balance after a reset. */
export interface PracticeResetResult {
  practice: string;
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

/** The customer's balances a funds line may move: every account of theirs the ledger keeps. */
export const FUNDS_ACCOUNTS = ["cash", "coin", "frozen", "yuebao"] as const;
export type FundsAccount = (typeof FUNDS_ACCOUNTS)[number];

/**
 * The record a funds line belongs to, read from its ledger reference: what the PWA opens when the line is tapped.
 * An interest line names its subscription; a bonus names the invited customer; a sign-in its platform day (UTC).
 */
export type FundsRecordLink =
  | { type: "order"; id: number }
  | { type: "recharge"; id: number }
  | { type: "withdrawal"; id: number }
  | { type: "exchange"; id: number }
  | { type: "subscription"; id: number }
  | { type: "bonus"; inviteeId: number }
  | { type: "signin"; day: string }
  | { type: "adjustment"; id: number };

/** One line of the customer's funds records: one ledger row of theirs. */
export interface FundsLine {
  id: number;
  time: number;
  account: FundsAccount;
  kind: string;
  /** signed: negative took money out */
  amount: string;
  /** the account's balance right after this line */
  balanceAfter: string;
  /** the record that moved the money; null for a line no record stands behind (the demo's opening balance) */
  record: FundsRecordLink | null;
  /** an adjustment's reason, a failed payment's reason; null for the rest */
  note: string | null;
}

/** Each account at the start and the end of the period asked (every kind of line counts, whatever the filter). */
export type FundsBalances = Record<FundsAccount, { opening: string; closing: string }>;

/**
 * The funds statement: one page of lines, newest first, with the page number and size the spec's answer has, the
 * cursors to the pages either side (send one back as `cursor` with the same filters), and the period's balances.
 */
export interface FundsStatement extends RecordPage<FundsLine> {
  /** `total` stopped counting at the list cap: there are at least that many */
  totalCapped: boolean;
  next: string | null;
  previous: string | null;
  /** the period asked, unix seconds: `since` inclusive, `until` exclusive; null is open */
  since: number | null;
  until: number | null;
  balances: FundsBalances;
}

/** What the wallet paths answer, by path name (contract/paths.ts). */
export interface WalletAnswers {
  wallet: Wallet;
  exchange: ExchangeResult;
  exchangeRecords: RecordPage<ExchangeRecord>;
  practiceReset: PracticeResetResult;
  funds: FundsStatement;
  fundsCsv: string;
}
