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

export const PRODUCT_CATALOG: ProductDefinition[] = [
  { code: "EURUSD", name: "EUR/USD", market: "forex", calendar: "fx24x5", precision: 5, basePrice: "1.08450", volatilityPct: 7 },
  { code: "GBPUSD", name: "GBP/USD", market: "forex", calendar: "fx24x5", precision: 5, basePrice: "1.27120", volatilityPct: 8 },
  { code: "USDJPY", name: "USD/JPY", market: "forex", calendar: "fx24x5", precision: 3, basePrice: "151.350", volatilityPct: 9 },
  { code: "XAUUSD", name: "Gold XAU/USD", market: "metals", calendar: "fx24x5", precision: 2, basePrice: "2350.00", volatilityPct: 15 },
  { code: "XAGUSD", name: "Silver XAG/USD", market: "metals", calendar: "fx24x5", precision: 3, basePrice: "28.500", volatilityPct: 25 },
  { code: "CL", name: "Crude Oil WTI", market: "futures", calendar: "cme_globex", precision: 2, basePrice: "78.40", volatilityPct: 35 },
  { code: "NQ", name: "Nasdaq-100", market: "futures", calendar: "cme_globex", precision: 2, basePrice: "18250.00", volatilityPct: 20 },
  { code: "AAPL", name: "Apple", market: "stocks", calendar: "us_equity", precision: 2, basePrice: "189.50", volatilityPct: 28 },
  { code: "TSLA", name: "Tesla", market: "stocks", calendar: "us_equity", precision: 2, basePrice: "245.00", volatilityPct: 55 },
  { code: "NVDA", name: "NVIDIA", market: "stocks", calendar: "us_equity", precision: 2, basePrice: "880.00", volatilityPct: 50 },
  { code: "BTCUSDT", name: "BTC/USDT", market: "crypto", calendar: "crypto247", precision: 2, basePrice: "67500.00", volatilityPct: 60 },
  { code: "ETHUSDT", name: "ETH/USDT", market: "crypto", calendar: "crypto247", precision: 2, basePrice: "3450.00", volatilityPct: 75 },
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
