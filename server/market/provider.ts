import { deriveTick, type FairParams } from "./fair-derivation";
import { cryptoRandom, normal, type Random } from "./random";

/** What the feed needs to know about an instrument to price it. */
export interface PricedProduct {
  id: number;
  precision: number;
  basePrice: number;
  volatilityBps: number;
}

/**
 * The source of prices. The default is the simulated feed below; a real market-data source would implement
 * the same two calls. Prices are integers scaled by 10^precision.
 */
export interface PriceProvider {
  readonly simulated: boolean;
  /** The next price `seconds` after `price` (one call per tick, or per bar step when backfilling). */
  step(product: PricedProduct, price: number, seconds: number): number;
  /**
   * The price at second `time` of a minute whose seed this leader holds, from the previous price and the
   * parameters the minute's commitment fixed (docs/fairness.md): the ticks anyone can recompute once the seed
   * is revealed.
   */
  derive(params: FairParams, price: number, seed: Buffer, time: number): number;
}

const SECONDS_PER_YEAR = 365 * 24 * 3600;
// pulls the price back toward its base with a half-life of about 30 days, so long runs stay plausible
const REVERSION_PER_SECOND = Math.LN2 / (30 * 24 * 3600);

/**
 * A geometric random walk with each symbol's own volatility, labelled simulated everywhere. A second of a
 * committed minute is derived from the minute's seed (`derive`); only a second no commitment covers (the
 * catch-up after downtime, first-start history) is drawn from the CSPRNG (`step`), and is marked uncommitted.
 */
export class SimulatedProvider implements PriceProvider {
  readonly simulated = true;
  constructor(private readonly random: Random = cryptoRandom()) {}

  step(product: PricedProduct, price: number, seconds: number): number {
    const sigma = product.volatilityBps / 10000 / Math.sqrt(SECONDS_PER_YEAR);
    const logDistance = Math.log(price / product.basePrice);
    const drift = -REVERSION_PER_SECOND * seconds * logDistance;
    const next = price * Math.exp(drift + sigma * Math.sqrt(seconds) * normal(this.random));
    return Math.max(1, Math.round(next));
  }

  derive(params: FairParams, price: number, seed: Buffer, time: number): number {
    return deriveTick(seed, params, time, price);
  }
}
