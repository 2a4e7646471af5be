import type { MarketStatus } from "#contract/markets";

import type { Db } from "../db/client";
import { products, secondsOptions } from "../db/schema";
import { type Calendar, marketStatus, nextOpen } from "./calendar";
import { CandleRings } from "./candle-rings";
import { LivePrices, type LiveSources } from "./live-prices";
import { LIVE_QUOTE_MAX_AGE_SECONDS } from "./live-rules";
import { latestCandles, latestDailyBars, latestTicks, type TickRow } from "./store";

export type ProductRow = typeof products.$inferSelect;
export type SecondsOptionRow = typeof secondsOptions.$inferSelect;

export interface Quote {
  price: number;
  time: number;
}

export interface Session {
  day: number;
  open: number;
  high: number;
  low: number;
  prevClose: number;
}

/** Where an answer's prices come from: every product simulated, every one real, or some of each. */
export type FeedLabel = "simulated" | "live" | "mixed";

export interface FeedViewOptions {
  db: Db;
  log: (message: string) => void;
  /** whether the walk that prices products without a real source is the simulated one */
  provider: { readonly simulated: boolean };
  /** real sources products may name in `feed_source`; the recorder follows them (none: such products stay stale) */
  live?: LiveSources;
}

const DAY = 86400;

/**
 * What every process serves quotes and prices orders from: the products and their options, each product's
 * latest quote and today's open/high/low/previous close, in memory. The recorder (feed-recorder.ts) keeps it
 * current on the process that leads; a follower reads it back from the database each second (`follow`) and
 * hears the recorder's newest prices in between (`receive`).
 */
export class FeedView {
  readonly products = new Map<number, ProductRow>();
  /**
   * each product's settlement-time options, read with the products (and as often), so placing an order
   * reads neither from the database
   */
  readonly secondsOptions = new Map<number, SecondsOptionRow[]>();
  /** recent candles for the charts, kept up to date by this process's recording or read back when following */
  readonly candleRings = new CandleRings();
  /** real-fed products, their sources and what was heard from them */
  readonly live: LivePrices;
  private readonly quotes = new Map<number, Quote>();
  private readonly sessions = new Map<number, Session>();
  private readonly statusCache = new Map<string, MarketStatus>();
  private changes = 0;
  private staleKey = "";

  constructor(protected readonly viewOptions: FeedViewOptions) {
    this.live = new LivePrices(viewOptions.live ?? {}, viewOptions.log);
  }

  get simulated(): boolean {
    return this.viewOptions.provider.simulated && [...this.products.values()].every((product) => !this.live.isLive(product));
  }

  /** Whether a product's prices are the simulated walk (an unknown product counts as simulated). */
  isSimulated(productId: number): boolean {
    const product = this.products.get(productId);
    return !product || (this.viewOptions.provider.simulated && !this.live.isLive(product));
  }

  /** What screens call the product's source: "simulated" or the exchange ("Binance"). */
  sourceLabel(productId: number): string {
    const product = this.products.get(productId);
    return product ? this.live.label(product) : "simulated";
  }

  /** "simulated", "live" or "mixed" for an answer about these products (all of them when none are named). */
  feedLabel(productIds?: number[]): FeedLabel {
    const ids = productIds ?? [...this.products.keys()];
    const simulated = ids.filter((id) => this.isSimulated(id)).length;
    if (simulated === ids.length) return "simulated";
    return simulated === 0 ? "live" : "mixed";
  }

  /**
   * A real-fed product is stale when its newest recorded tick, which is its last trade heard (a second without
   * a trade records nothing), is older than LIVE_QUOTE_MAX_AGE_SECONDS (or the product's quote age, if
   * shorter). The recorder and the followers read the same ticks, so every process answers alike. New orders
   * are refused meanwhile. A simulated product is never stale here: its recorder prices every open second.
   */
  isStale(productId: number, now: number): boolean {
    const product = this.products.get(productId);
    if (!product || !this.live.isLive(product)) return false;
    const quote = this.quotes.get(productId);
    return !quote || now - quote.time > this.maxQuoteAge(product);
  }

  /** The oldest quote (seconds) an order of the product may open at: its own setting, for a real source at most the live rule's. */
  maxQuoteAge(product: ProductRow): number {
    return this.live.isLive(product) ? Math.min(product.maxQuoteAgeSeconds, LIVE_QUOTE_MAX_AGE_SECONDS) : product.maxQuoteAgeSeconds;
  }

  /**
   * Grows whenever something a quote answer shows may have changed (a price, today's range, the products):
   * answers built from the feed are reused until it does.
   */
  get version(): number {
    return this.changes;
  }

  /**
   * A follower's round (another process records the feed): products, latest prices and today's range are
   * read back from the database, so every quote served here, and every order's open price, is a recorded tick.
   */
  async follow(): Promise<void> {
    // only the recorder listens to real sources
    this.live.release();
    this.candleRings.startFollowing();
    await this.reloadProducts();
    // a tick already heard from the recorder may be newer than what this read found
    for (const tick of await latestTicks(this.viewOptions.db)) {
      const current = this.quotes.get(tick.productId);
      if (!current || tick.time >= current.time) this.quotes.set(tick.productId, { price: tick.price, time: tick.time });
    }
    for (const [productId, days] of await latestDailyBars(this.viewOptions.db)) this.setSession(productId, days);
    this.changes++;
  }

  /** A follower hears the recorder's newest prices (already recorded) the moment they are. */
  receive(ticks: TickRow[]): void {
    for (const tick of ticks) {
      const current = this.quotes.get(tick.productId);
      if (!this.products.has(tick.productId) || (current && tick.time <= current.time)) continue;
      this.noteSecond(tick.productId, tick.time, tick.price);
      this.quotes.set(tick.productId, { price: tick.price, time: tick.time });
      this.changes++;
    }
  }

  async reloadProducts(): Promise<void> {
    const { db } = this.viewOptions;
    const rows = await db.select().from(products).orderBy(products.sortOrder, products.id);
    const optionRows = await db.select().from(secondsOptions).orderBy(secondsOptions.productId, secondsOptions.seconds);
    this.products.clear();
    for (const row of rows) this.products.set(row.id, row);
    this.secondsOptions.clear();
    for (const row of optionRows) this.secondsOptions.set(row.productId, [...(this.secondsOptions.get(row.productId) ?? []), row]);
    this.changes++;
  }

  /** A product's option for `seconds`, as last read with the products. */
  secondsOption(productId: number, seconds: number): SecondsOptionRow | undefined {
    return this.secondsOptions.get(productId)?.find((option) => option.seconds === seconds);
  }

  quote(productId: number): Quote | undefined {
    return this.quotes.get(productId);
  }

  session(productId: number): Session | undefined {
    return this.sessions.get(productId);
  }

  status(productId: number, time: number): MarketStatus {
    const product = this.products.get(productId);
    if (!product || !product.tradingEnabled) return "closed";
    return this.calendarStatus(product.calendar as Calendar, time);
  }

  /** When a product that is not trading now opens next (Unix seconds); null while it trades, or while the operator halts it. */
  nextOpen(productId: number, time: number): number | null {
    const product = this.products.get(productId);
    if (!product || !product.tradingEnabled) return null;
    return nextOpen(product.calendar as Calendar, time);
  }

  /** The calendar's status at `time`; trading hours change on minute boundaries, so one look-up per minute is enough. */
  calendarStatus(calendar: Calendar, time: number): MarketStatus {
    const minute = Math.floor(time / 60) * 60;
    const key = `${calendar}:${minute}`;
    let status = this.statusCache.get(key);
    if (!status) {
      if (this.statusCache.size > 50_000) this.statusCache.clear();
      status = marketStatus(calendar, minute);
      this.statusCache.set(key, status);
    }
    return status;
  }

  // What the recorder tells the view as it records: each second's price (today's range), the newest quote, and
  // that the answers built from it have changed.

  /** A recorded second's price moves today's range (a new day starts one from it). */
  noteSecond(productId: number, time: number, price: number): void {
    const day = Math.floor(time / DAY) * DAY;
    const session = this.sessions.get(productId);
    if (!session) {
      this.sessions.set(productId, { day, open: price, high: price, low: price, prevClose: price });
    } else if (day > session.day) {
      const previousClose = this.quotes.get(productId)?.price ?? price;
      this.sessions.set(productId, { day, open: price, high: price, low: price, prevClose: previousClose });
    } else {
      session.high = Math.max(session.high, price);
      session.low = Math.min(session.low, price);
    }
  }

  /** The product's newest recorded price, after its seconds were noted. */
  setQuote(productId: number, quote: Quote): void {
    this.quotes.set(productId, quote);
  }

  /** Something an answer shows may have changed. */
  touch(): void {
    this.changes++;
  }

  /** An answer's staleness changes with time alone (a silent source): a new set of stale products is a change. */
  noteStaleness(now: number): void {
    const key = [...this.products.keys()].filter((id) => this.isStale(id, now)).join(",");
    if (key !== this.staleKey) this.changes++;
    this.staleKey = key;
  }

  /** Today's range read back from the product's last two daily candles. */
  async loadSession(productId: number): Promise<void> {
    this.setSession(productId, await latestCandles(this.viewOptions.db, productId, "1d", 2));
  }

  /** The session from the last two daily candles, oldest first. */
  private setSession(productId: number, days: Array<{ time: number; open: number; high: number; low: number; close: number }>): void {
    const today = days.at(-1);
    if (!today) return;
    const previous = days.length > 1 ? days[0]! : today;
    this.sessions.set(productId, {
      day: today.time,
      open: today.open,
      high: today.high,
      low: today.low,
      prevClose: days.length > 1 ? previous.close : today.open,
    });
  }
}
