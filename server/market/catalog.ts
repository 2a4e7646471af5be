import type { Market } from "#contract/markets";

import type { Calendar } from "./calendar";
import { CATALOG_NAMES, type CatalogNames } from "./catalog-names";

function catalogNames(code: string): CatalogNames {
  const names = CATALOG_NAMES[code];
  if (!names) throw new Error(`catalogue product ${code} has no names`);
  return names;
}

/** The instruments seeded on first start. Volatility is annualised; limits are in cents. */
export interface ProductDefinition {
  code: string;
  name: string;
  market: Market;
  calendar: Calendar;
  precision: number;
  basePrice: string;
  volatilityPct: number;
  /** the name in the nine languages beside English */
  nameTexts: CatalogNames;
  /** where the app lists it: markets in order, each market's products in the order below */
  sortOrder: number;
}

/** The trading hours of each market's products. */
const MARKET_CALENDAR: Record<Market, Calendar> = {
  forex: "fx24x5",
  metals: "fx24x5",
  futures: "cme_globex",
  stocks: "us_equity",
  crypto: "crypto247",
};

type Listing = [code: string, name: string, basePrice: string, volatilityPct: number];

/**
 * Per market, in the order the app lists them. A base price is written with the product's precision, chosen so
 * a second's step of the simulated walk moves the price by a few units of its last digit. Products added after
 * the first release come after the ones before them in their market, so a database that gets them by
 * migration (0042) lists them in the same order as a new one.
 */
const LISTINGS: Record<Market, Listing[]> = {
  forex: [
    ["EURUSD", "EUR/USD", "1.08450", 7],
    ["GBPUSD", "GBP/USD", "1.27120", 8],
    ["USDJPY", "USD/JPY", "151.350", 9],
    ["AUDUSD", "AUD/USD", "0.65800", 10],
    ["USDCAD", "USD/CAD", "1.36500", 7],
    ["USDCHF", "USD/CHF", "0.90200", 8],
    ["NZDUSD", "NZD/USD", "0.60100", 10],
    ["EURGBP", "EUR/GBP", "0.85300", 6],
    ["EURJPY", "EUR/JPY", "164.150", 9],
    ["GBPJPY", "GBP/JPY", "192.400", 10],
    ["AUDJPY", "AUD/JPY", "99.600", 12],
    ["EURCHF", "EUR/CHF", "0.97800", 6],
  ],
  metals: [
    ["XAUUSD", "Gold XAU/USD", "2350.00", 15],
    ["XAGUSD", "Silver XAG/USD", "28.500", 25],
    ["XPTUSD", "Platinum XPT/USD", "980.00", 25],
    ["XPDUSD", "Palladium XPD/USD", "1020.00", 35],
  ],
  futures: [
    ["CL", "Crude Oil WTI", "78.40", 35],
    ["NQ", "Nasdaq-100", "18250.00", 20],
    ["ES", "S&P 500", "5250.00", 16],
    ["YM", "Dow Jones 30", "39000.0", 15],
    ["RTY", "Russell 2000", "2050.00", 22],
    ["NKD", "Nikkei 225", "39500.0", 20],
    ["BZ", "Brent Crude Oil", "82.50", 33],
    ["NG", "Natural Gas", "2.4500", 60],
    ["HG", "Copper", "4.5000", 25],
  ],
  stocks: [
    ["AAPL", "Apple", "189.50", 28],
    ["TSLA", "Tesla", "245.00", 55],
    ["NVDA", "NVIDIA", "880.00", 50],
    ["MSFT", "Microsoft", "415.00", 25],
    ["AMZN", "Amazon", "180.00", 32],
    ["GOOGL", "Alphabet (Google)", "165.00", 30],
    ["META", "Meta Platforms", "480.00", 40],
    ["AMD", "AMD", "160.00", 55],
    ["JPM", "JPMorgan Chase", "195.00", 22],
    ["NFLX", "Netflix", "620.00", 40],
    ["V", "Visa", "275.00", 22],
  ],
  crypto: [
    ["BTCUSDT", "BTC/USDT", "67500.00", 60],
    ["ETHUSDT", "ETH/USDT", "3450.00", 75],
    ["SOLUSDT", "SOL/USDT", "150.000", 85],
    ["BNBUSDT", "BNB/USDT", "590.00", 60],
    ["XRPUSDT", "XRP/USDT", "0.52000", 80],
    ["ADAUSDT", "ADA/USDT", "0.45000", 80],
    ["DOGEUSDT", "DOGE/USDT", "0.150000", 100],
    ["LTCUSDT", "LTC/USDT", "82.000", 70],
  ],
};

/**
 * The first release's twelve products. They are seeded before the others, so they keep the ids they have always
 * had (tests and bookmarks name them by id); the rest reach a database seeded before them through migration 0042.
 */
export const FIRST_RELEASE_CODES: ReadonlySet<string> = new Set([
  "EURUSD",
  "GBPUSD",
  "USDJPY",
  "XAUUSD",
  "XAGUSD",
  "CL",
  "NQ",
  "AAPL",
  "TSLA",
  "NVDA",
  "BTCUSDT",
  "ETHUSDT",
]);

const listed: ProductDefinition[] = (Object.entries(LISTINGS) as Array<[Market, Listing[]]>)
  .flatMap(([market, listings]) =>
    listings.map(([code, name, basePrice, volatilityPct]) => ({
      code,
      name,
      market,
      calendar: MARKET_CALENDAR[market],
      precision: basePrice.split(".")[1]?.length ?? 0,
      basePrice,
      volatilityPct,
      nameTexts: catalogNames(code),
      sortOrder: 0,
    })),
  )
  .map((product, index) => ({ ...product, sortOrder: index }));

/** The catalogue in the order it is seeded: the first release's products, then the later ones. */
export const PRODUCT_CATALOG: ProductDefinition[] = [
  ...listed.filter((product) => FIRST_RELEASE_CODES.has(product.code)),
  ...listed.filter((product) => !FIRST_RELEASE_CODES.has(product.code)),
];

/** Default ticket settings for every product: options per settlement time, fee and position limits. */
export const DEFAULT_OPTIONS = [
  { seconds: 30, payoutPct: 80, min: 10_00, max: 5_000_00 },
  { seconds: 60, payoutPct: 85, min: 10_00, max: 10_000_00 },
  { seconds: 180, payoutPct: 88, min: 50_00, max: 20_000_00 },
  { seconds: 300, payoutPct: 90, min: 100_00, max: 50_000_00 },
];
export const DEFAULT_FEE_BPS = 100;
export const DEFAULT_LIMITS = { singleMin: 10_00, singleMax: 50_000_00, totalMax: 100_000_00 };
