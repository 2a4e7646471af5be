/** Markets, statuses and periods of the quotes and trading API. */
export const MARKETS = ["forex", "metals", "futures", "stocks", "crypto"] as const;
export type Market = (typeof MARKETS)[number];

export const MARKET_STATUSES = ["open", "closed", "not_trading_time"] as const;
export type MarketStatus = (typeof MARKET_STATUSES)[number];

export const PERIODS = ["1m", "5m", "15m", "30m", "1h", "1d"] as const;
export type Period = (typeof PERIODS)[number];
export const PERIOD_SECONDS: Record<Period, number> = { "1m": 60, "5m": 300, "15m": 900, "30m": 1800, "1h": 3600, "1d": 86400 };

/**
 * The ticket shows a quote this old as stale. The server's own limit for opening an order is set per product
 * (2 s unless the operator changed it), so an order can be refused on a quote the ticket still shows.
 */
export const QUOTE_STALE_SECONDS = 5;

/** A product's price now and where it comes from: the part every price answer (list, latest, detail) carries. */

export interface ProductQuote extends LatestQuote {
  code: string;
  name: string;
  market: Market;
  precision: number;
  changePct: string;
  /** the previous session's close, so a live price can show its change */
  prevClose: string;
  /** the highest payout rate among its settlement times ("0.9"): what an asset list shows as "up to 90%" */
  topPayoutRate: string;
}

/** Each product's last hour of closes (one every two minutes, oldest first), keyed by product id: drawn as a sparkline. */
export type Sparklines = Record<number, string[]>;

export interface LatestQuote {
  id: number;
  price: string;
  time: number;
  status: MarketStatus;
  simulated: boolean;
  /** where the price comes from: "simulated", or the exchange that fed it ("Binance") */
  source: string;
  /** a real source has fallen silent: the price is not current and new orders are refused */
  stale: boolean;
  /** while the market is closed or between sessions: when it opens next (Unix seconds); null while open or halted */
  nextOpen: number | null;
}

/** The trade screen's product: its quote with the session's open, high and low. */
export interface ProductDetail extends ProductQuote {
  open: string;
  high: string;
  low: string;
}

export interface SecondsOption {
  seconds: number;
  payoutRate: string;
  minAmount: string;
  maxAmount: string;
}

export interface Goods {
  product: ProductQuote;
  options: SecondsOption[];
  limits: { singleMin: string; singleMax: string; totalMax: string };
  feeRate: string;
  /** the user's cash when a session is sent, else null */
  balance: string | null;
  /** the user's practice balance (10000.00 before its first use) when a session is sent, else null */
  practiceBalance: string | null;
  /** whether a recharge of the user's was ever approved (false without a session): until then the app starts on practice */
  recharged: boolean;
  simulated: boolean;
}

/** [time, open, high, low, close] — prices as decimal strings. */
export type Candle = [number, string, string, string, string];

/** What the quote paths answer, by path name (contract/paths.ts). */
export interface MarketAnswers {
  products: ProductQuote[];
  goods: Goods;
  seconds: SecondsOption[];
  productDetail: ProductDetail;
  latestQuotes: LatestQuote[];
  sparklines: Sparklines;
  klines: Candle[];
}
