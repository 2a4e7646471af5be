import type { Market } from "#contract/markets";

import type { Calendar } from "./calendar";

/** The instruments seeded on first start. Volatility is annualised; limits are in cents. */
export interface ProductDefinition {
  code: string;
  name: string;
  market: Market;
  calendar: Calendar;
  precision: number;
  basePrice: string;
  volatilityPct: number;
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

/** Per market, in the order the app lists them. A base price is written with the product's precision. */
const LISTINGS: Record<Market, Listing[]> = {
  forex: [
    ["EURUSD", "EUR/USD", "1.08450", 7],
    ["GBPUSD", "GBP/USD", "1.27120", 8],
    ["USDJPY", "USD/JPY", "151.350", 9],
  ],
  metals: [
    ["XAUUSD", "Gold XAU/USD", "2350.00", 15],
    ["XAGUSD", "Silver XAG/USD", "28.500", 25],
  ],
  futures: [
    ["CL", "Crude Oil WTI", "78.40", 35],
    ["NQ", "Nasdaq-100", "18250.00", 20],
  ],
  stocks: [
    ["AAPL", "Apple", "189.50", 28],
    ["TSLA", "Tesla", "245.00", 55],
    ["NVDA", "NVIDIA", "880.00", 50],
  ],
  crypto: [
    ["BTCUSDT", "BTC/USDT", "67500.00", 60],
    ["ETHUSDT", "ETH/USDT", "3450.00", 75],
  ],
};

export const PRODUCT_CATALOG: ProductDefinition[] = (Object.entries(LISTINGS) as Array<[Market, Listing[]]>).flatMap(([market, listings]) =>
  listings.map(([code, name, basePrice, volatilityPct]) => ({
    code,
    name,
    market,
    calendar: MARKET_CALENDAR[market],
    precision: basePrice.split(".")[1]?.length ?? 0,
    basePrice,
    volatilityPct,
  })),
);

/** Default ticket settings for every product: options per settlement time, fee and position limits. */
export const DEFAULT_OPTIONS = [
  { seconds: 30, payoutPct: 80, min: 10_00, max: 5_000_00 },
  { seconds: 60, payoutPct: 85, min: 10_00, max: 10_000_00 },
  { seconds: 180, payoutPct: 88, min: 50_00, max: 20_000_00 },
  { seconds: 300, payoutPct: 90, min: 100_00, max: 50_000_00 },
];
export const DEFAULT_FEE_BPS = 100;
export const DEFAULT_LIMITS = { singleMin: 10_00, singleMax: 50_000_00, totalMax: 100_000_00 };
