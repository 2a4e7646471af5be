/**
 * Limits a customer sets on their own trading (responsible trading). Field names are the API's: money in cents
 * written as decimal strings ("50.00"), spans in minutes, instants in Unix seconds; an empty string is no limit.
 */

/** Money ceilings: the balance, and the turnover, net losses and deposits of the last 1, 7 and 30 days. */
export const MONEY_LIMIT_FIELDS = [
  "maxBalance",
  "maxTurnover1d",
  "maxTurnover7d",
  "maxTurnover30d",
  "maxLosses1d",
  "maxLosses7d",
  "maxLosses30d",
  "maxDeposit1d",
  "maxDeposit7d",
  "maxDeposit30d",
] as const;
/** Counts and spans: open orders at once, minutes a session lasts, minutes between reality checks. */
export const COUNT_LIMIT_FIELDS = ["maxOpenPositions", "sessionMinutes", "realityCheckMinutes"] as const;
/** Instants until which the customer cannot log in: a short timeout, a long exclusion. */
export const UNTIL_LIMIT_FIELDS = ["timeoutUntil", "excludedUntil"] as const;

export const LIMIT_FIELDS = [...MONEY_LIMIT_FIELDS, ...COUNT_LIMIT_FIELDS, ...UNTIL_LIMIT_FIELDS] as const;
export type MoneyLimitField = (typeof MONEY_LIMIT_FIELDS)[number];
export type CountLimitField = (typeof COUNT_LIMIT_FIELDS)[number];
export type UntilLimitField = (typeof UNTIL_LIMIT_FIELDS)[number];
/** A limit that can be reached and then loosened: every field but the two instants. */
export type LoosenableLimitField = MoneyLimitField | CountLimitField;
export type LimitField = (typeof LIMIT_FIELDS)[number];

const DAY_SECONDS = 24 * 3600;
/** A loosening or removal takes effect this long after it was asked for; a tightening at once. */
export const LIMIT_LOOSEN_DELAY_SECONDS = DAY_SECONDS;
/** A timeout lasts from one day to six weeks. */
export const TIMEOUT_MIN_SECONDS = DAY_SECONDS;
export const TIMEOUT_MAX_SECONDS = 42 * DAY_SECONDS;
/** An exclusion lasts from six months (183 days) to five years (1827 days). */
export const EXCLUSION_MIN_SECONDS = 183 * DAY_SECONDS;
export const EXCLUSION_MAX_SECONDS = 1827 * DAY_SECONDS;
/** The longest count or span a customer may set (open orders, minutes). */
export const COUNT_LIMIT_MAX = 100_000;

/** A loosening asked for and not yet in force: the value it will have ("" = none) and when. */
export interface PendingLimit {
  field: LoosenableLimitField;
  value: string;
  takesEffectAt: number;
}

/** What counts against the limits now, over rolling windows ending now (money as decimal strings). */
export interface LimitUse {
  balance: string;
  turnover1d: string;
  turnover7d: string;
  turnover30d: string;
  /** net: stakes and fees lost less what orders paid back; an open order counts as lost until it settles */
  losses1d: string;
  losses7d: string;
  losses30d: string;
  /** recharges submitted (under review or credited) */
  deposit1d: string;
  deposit7d: string;
  deposit30d: string;
  openPositions: number;
}

/** The customer's limits as in force now, the loosenings waiting, and the use against them. */
export interface LimitsView {
  limits: Record<LimitField, string>;
  pending: PendingLimit[];
  use: LimitUse;
  /** the server's time of the answer (Unix seconds): the page counts down from it */
  now: number;
}

/**
 * The reality check's figures: this session (since the login that made the token) in time, trades, turnover and
 * result, with the server's clock so the app times the sheet from the server's start, not the device's.
 */
export interface SessionSummary {
  /** when this session began (Unix seconds, the server's clock) */
  sessionStart: number;
  /** the server's time of the answer */
  now: number;
  /** minutes between reality checks the customer chose, null: none */
  realityCheckMinutes: number | null;
  /** orders placed in the session (void ones left out: they were refunded) */
  trades: number;
  /** orders of the session still open: their result is not in profitLoss yet */
  openTrades: number;
  /** stakes of the orders placed in the session */
  turnover: string;
  /** settled orders of the session: what they paid back less stakes and fees (negative: a loss) */
  profitLoss: string;
}

/** What the limits paths answer, by path name (contract/paths.ts). */
export interface SelfLimitAnswers {
  limits: LimitsView;
  setLimits: LimitsView;
  sessionSummary: SessionSummary;
}
