/** A trade heard from a real source: when the exchange made it (ms since the epoch, its clock) and its price text. */
export interface Heard {
  time: number;
  price: string;
}

/**
 * A real market-data source streaming prices per symbol (an exchange's public trade stream). Only the job
 * leader watches one; the feed takes what was heard once a round and records it.
 */
export interface LiveSource {
  /** the name quote answers and screens show for prices from it ("Binance") */
  readonly label: string;
  /** Follows exactly these symbols from now on: connects to new ones, disconnects from those dropped. */
  watch(symbols: ReadonlySet<string>): void;
  /** The trades heard for a symbol since the last take, in the order they came, each with the exchange's time. */
  take(symbol: string): Heard[];
  /** Disconnects from everything (also used when this process stops leading). */
  close(): Promise<void>;
}

/**
 * About this many trades are kept per symbol between takes (the oldest go first): a busy symbol trades some
 * tens of times a second, and a round takes them every second. Every trade is kept, not only each second's
 * last, because the outlier rule judges each one (a wild print may be a second's last).
 */
const MAX_KEPT = 20_000;

/** What a source heard, per symbol, until the feed takes it. */
export class HeardPrices {
  private readonly heard = new Map<string, Heard[]>();

  add(symbol: string, time: number, price: string): void {
    const list = this.heard.get(symbol) ?? [];
    list.push({ time, price });
    // trimmed in steps, not one shift per trade, when no round takes them (a stalled leader)
    if (list.length > MAX_KEPT + MAX_KEPT / 10) list.splice(0, list.length - MAX_KEPT);
    this.heard.set(symbol, list);
  }

  take(symbol: string): Heard[] {
    const list = this.heard.get(symbol) ?? [];
    this.heard.delete(symbol);
    return list;
  }

  forget(symbol: string): void {
    this.heard.delete(symbol);
  }
}
