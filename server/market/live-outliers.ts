import { CONFIRM_SPAN_MS, CONFIRM_TRADES, OUTLIER_BAND_BPS, OUTLIER_WINDOW } from "./live-rules";

/** A trade as one product sees it: the exchange's time (ms) and the price scaled to the product's precision. */
export interface LiveTrade {
  time: number;
  price: number;
}

export interface Judgement {
  /** trades to record, oldest first: the one judged, or the run of trades that just confirmed a move */
  accepted: LiveTrade[];
  /** the trade judged, when it is held back as an outlier (recorded only if a move confirms it) */
  held?: LiveTrade;
  /** the recent price the held trade was measured against (undefined: nothing trusted yet) */
  reference?: number;
}

/** Held trades kept at most; enough to judge agreement, few enough that judging each one stays cheap. */
const MAX_HELD = 100;

function median(prices: number[]): number {
  const sorted = [...prices].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const withinBand = (price: number, reference: number) => Math.abs(price - reference) * 10_000 <= OUTLIER_BAND_BPS * reference;

/**
 * One product's guard against wild trades. The recent price is the median of the last OUTLIER_WINDOW accepted
 * trades; a trade within OUTLIER_BAND_BPS of it is accepted. One beyond it is held back, not recorded. Held
 * trades become the price only when CONFIRM_TRADES of them in a row agree with each other (within the band of
 * their median) over at least CONFIRM_SPAN_MS of exchange time; an accepted trade in between means the market
 * never left, and drops them. With no recent price (first start, or after a silence longer than the product's
 * stale seconds), the product's last recorded price stands in while it is that recent; otherwise the first
 * price needs the same confirmation.
 */
export class OutlierFilter {
  private recent: number[] = [];
  private lastAccepted: number | undefined;
  private held: LiveTrade[] = [];

  /**
   * Judges one trade. `staleMs`: how long the recent price is trusted without a new trade; `recorded`: the
   * product's last recorded price and its second, the stand-in when nothing recent was heard.
   */
  judge(trade: LiveTrade, staleMs: number, recorded?: { price: number; time: number }): Judgement {
    if (this.lastAccepted !== undefined && trade.time - this.lastAccepted > staleMs) this.recent = [];
    if (this.recent.length === 0 && recorded && trade.time - recorded.time * 1000 <= staleMs) this.recent = [recorded.price];
    const reference = this.recent.length > 0 ? median(this.recent) : undefined;
    if (reference !== undefined && withinBand(trade.price, reference)) {
      this.held = [];
      this.accept([trade]);
      return { accepted: [trade] };
    }
    if (this.held.length > 0 && !withinBand(trade.price, median(this.held.map((held) => held.price)))) this.held = [];
    this.held.push(trade);
    // a flash crash's burst of fills is many trades within a second: their agreement is judged on the latest
    if (this.held.length > MAX_HELD) this.held.shift();
    if (this.held.length >= CONFIRM_TRADES && trade.time - this.held[0]!.time >= CONFIRM_SPAN_MS) {
      const confirmed = this.held;
      this.held = [];
      this.recent = [];
      this.accept(confirmed);
      return { accepted: confirmed };
    }
    return { accepted: [], held: trade, reference };
  }

  private accept(trades: LiveTrade[]): void {
    this.recent = [...this.recent, ...trades.map((trade) => trade.price)].slice(-OUTLIER_WINDOW);
    this.lastAccepted = trades.at(-1)!.time;
  }
}
