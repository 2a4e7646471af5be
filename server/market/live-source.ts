/** A price heard from a real source: when this process heard it (ms since the epoch) and the exchange's text. */
export interface Heard {
  at: number;
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
  /** What was heard for a symbol since the last take, oldest first (at most the last price of each second). */
  take(symbol: string): Heard[];
  /** Disconnects from everything (also used when this process stops leading). */
  close(): Promise<void>;
}

/** At most this many seconds are kept per symbol between takes: an hour. */
const MAX_SECONDS = 3600;

/**
 * What a source heard, per symbol, until the feed takes it. Only the last price of each second is kept: the
 * feed records one tick per second, the last price heard at or before it.
 */
export class HeardPrices {
  private readonly heard = new Map<string, Heard[]>();

  add(symbol: string, at: number, price: string): void {
    const list = this.heard.get(symbol) ?? [];
    const last = list.at(-1);
    if (last && Math.floor(last.at / 1000) === Math.floor(at / 1000)) list[list.length - 1] = { at, price };
    else list.push({ at, price });
    if (list.length > MAX_SECONDS) list.shift();
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
