import { and, eq, gt, lt } from "drizzle-orm";

import type { MarketStatus } from "#contract/markets";

import type { Db } from "../db/client";
import { orders, products, secondsOptions } from "../db/schema";
import { type Calendar, marketStatus, nextOpen } from "./calendar";
import { CandleRings } from "./candle-rings";
import { CandleBook } from "./candles";
import { LivePrices, type LiveSources } from "./live-prices";
import { LIVE_QUOTE_MAX_AGE_SECONDS } from "./live-rules";
import type { PriceProvider } from "./provider";
import { latestCandles, latestDailyBars, latestTick, latestTicks, pruneTicks, saveCandles, saveTicks, type TickRow } from "./store";

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

export interface FeedOptions {
  db: Db;
  provider: PriceProvider;
  now: () => number;
  log: (message: string) => void;
  /** how long per-second ticks are kept (candles are kept for good) */
  retentionSeconds: number;
  /** days of one-minute history generated on first start (before them: hourly and daily history) */
  backfillMinuteDays: number;
  /** the recorder tells other processes each second's latest prices once they are recorded */
  publish?: (ticks: TickRow[]) => Promise<void>;
  /** real sources products may name in `feed_source`; the recorder follows them (none: such products stay stale) */
  live?: LiveSources;
}

/** Where an answer's prices come from: every product simulated, every one real, or some of each. */
export type FeedLabel = "simulated" | "live" | "mixed";

const DAY = 86400;
/** The channel the recorder announces each round's prices on, once recorded. */
export const QUOTES_CHANNEL = "trading_quotes";
/** PostgreSQL refuses a notification payload of 8000 bytes or more. */
const MAX_PAYLOAD = 7000;

/** The recorder's latest prices as notification payloads: [productId, time, price] triples in JSON. */
export function encodeTicks(ticks: TickRow[]): string[] {
  const payloads: string[] = [];
  let part: string[] = [];
  let size = 2;
  for (const tick of ticks) {
    const entry = JSON.stringify([tick.productId, tick.time, tick.price]);
    if (part.length > 0 && size + entry.length + 1 > MAX_PAYLOAD) {
      payloads.push(`[${part.join(",")}]`);
      part = [];
      size = 2;
    }
    part.push(entry);
    size += entry.length + 1;
  }
  if (part.length > 0) payloads.push(`[${part.join(",")}]`);
  return payloads;
}

/** A payload from encodeTicks; anything else yields nothing. */
export function decodeTicks(payload: string): TickRow[] {
  try {
    const parsed: unknown = JSON.parse(payload);
    if (!Array.isArray(parsed)) return [];
    return parsed.flatMap((entry: unknown) =>
      Array.isArray(entry) && entry.length === 3 && entry.every(Number.isSafeInteger)
        ? [{ productId: entry[0] as number, time: entry[1] as number, price: entry[2] as number }]
        : [],
    );
  } catch {
    return [];
  }
}

const MAX_CATCH_UP_SECONDS = 14 * DAY;

/**
 * The price feed: one tick per second per open product, recorded with its candles, and the in-memory latest
 * quote every quote endpoint reads. A gap (the process was down) is filled from the provider on start, so
 * every second that passed has its price before any order is settled from it.
 */
export class PriceFeed {
  readonly products = new Map<number, ProductRow>();
  /**
   * each product's settlement-time options, read with the products (and as often), so placing an order
   * reads neither from the database
   */
  readonly secondsOptions = new Map<number, SecondsOptionRow[]>();
  /** recent candles for the charts, kept up to date by this process's recording or read back when following */
  readonly candleRings = new CandleRings();
  private readonly quotes = new Map<number, Quote>();
  private readonly sessions = new Map<number, Session>();
  private readonly statusCache = new Map<string, MarketStatus>();
  private lastPrune = 0;
  private changes = 0;
  /** real-fed products, their sources and what was heard from them */
  readonly live: LivePrices;
  private staleKey = "";

  constructor(private readonly options: FeedOptions) {
    this.live = new LivePrices(options.live ?? {}, options.log);
  }

  get simulated(): boolean {
    return this.options.provider.simulated && [...this.products.values()].every((product) => !this.live.isLive(product));
  }

  /** Whether a product's prices are the simulated walk (an unknown product counts as simulated). */
  isSimulated(productId: number): boolean {
    const product = this.products.get(productId);
    return !product || (this.options.provider.simulated && !this.live.isLive(product));
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

  /** Disconnects from every real source (the process is stopping). */
  async close(): Promise<void> {
    await this.live.close();
  }

  /**
   * Grows whenever something a quote answer shows may have changed (a price, today's range, the products):
   * answers built from the feed are reused until it does.
   */
  get version(): number {
    return this.changes;
  }

  /** Opens as the recorder: loads products and the last recorded prices, backfills, fills any gap up to now. */
  async open(): Promise<void> {
    await this.reloadProducts();
    await this.takeOver();
    await this.advance(this.options.now());
  }

  /**
   * Becomes the recorder (at start, or when this process wins the job lock from another): the walk goes on
   * from the last price recorded in the database, whoever recorded it; a product never recorded is backfilled.
   */
  async takeOver(): Promise<void> {
    this.candleRings.startRecording();
    for (const product of this.products.values()) {
      const tick = await latestTick(this.options.db, product.id);
      if (tick) this.quotes.set(product.id, { price: tick.price, time: tick.time });
      // a real source's history is not invented: its chart starts with the first price heard
      else if (!this.live.isLive(product)) await this.backfill(product);
      await this.loadSession(product.id);
    }
    this.changes++;
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
    for (const tick of await latestTicks(this.options.db)) {
      const current = this.quotes.get(tick.productId);
      if (!current || tick.time >= current.time) this.quotes.set(tick.productId, { price: tick.price, time: tick.time });
    }
    for (const [productId, days] of await latestDailyBars(this.options.db)) this.setSession(productId, days);
    this.changes++;
  }

  /** A follower hears the recorder's newest prices (already recorded) the moment they are. */
  receive(ticks: TickRow[]): void {
    for (const tick of ticks) {
      const current = this.quotes.get(tick.productId);
      if (!this.products.has(tick.productId) || (current && tick.time <= current.time)) continue;
      this.updateSession(tick.productId, tick.time, tick.price);
      this.quotes.set(tick.productId, { price: tick.price, time: tick.time });
      this.changes++;
    }
  }

  async reloadProducts(): Promise<void> {
    const rows = await this.options.db.select().from(products).orderBy(products.sortOrder, products.id);
    const optionRows = await this.options.db.select().from(secondsOptions).orderBy(secondsOptions.productId, secondsOptions.seconds);
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

  // Trading hours change on minute boundaries: one calendar look-up per minute is enough.
  private calendarStatus(calendar: Calendar, time: number): MarketStatus {
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

  /**
   * Records every second from each product's last tick up to `now` while its market is open. In a long gap
   * only the retention window's ticks are stored (plus the instants open orders expire at); candles always.
   */
  async advance(now: number): Promise<number> {
    const retainFrom = now - this.options.retentionSeconds;
    // taken before anything is awaited: what is heard meanwhile waits for the next round
    this.live.collect(this.products.values(), (id) => this.quotes.get(id));
    const expiries = await this.pendingExpiries(retainFrom);
    const tickRows: TickRow[] = [];
    const latest: TickRow[] = [];
    const book = new CandleBook();
    for (const product of this.products.values()) {
      const quote = this.quotes.get(product.id);
      const needed = expiries.get(product.id);
      const record = (time: number, price: number) => {
        book.addTick(product.id, time, price);
        this.updateSession(product.id, time, price);
        if (time >= retainFrom || needed?.has(time)) tickRows.push({ productId: product.id, time, price });
      };
      const isOpen = (time: number) => this.calendarStatus(product.calendar as Calendar, time) === "open";
      let newest: Quote | undefined;
      if (this.live.isLive(product)) {
        // a real source's seconds are the trades heard in them, never a walk (and nothing in a second without one)
        for (const tick of this.live.seconds(product, quote?.time ?? 0, now, isOpen)) {
          record(tick.time, tick.price);
          newest = tick;
        }
      } else if (quote) {
        let { price } = quote;
        for (let time = Math.max(quote.time, now - MAX_CATCH_UP_SECONDS) + 1; time <= now; time++) {
          if (!isOpen(time)) continue;
          price = this.options.provider.step(product, price, 1);
          record(time, price);
          newest = { price, time };
        }
      }
      if (newest) {
        this.quotes.set(product.id, newest);
        latest.push({ productId: product.id, time: newest.time, price: newest.price });
      }
    }
    if (latest.length > 0) this.changes++;
    this.noteStaleness(now);
    await saveTicks(this.options.db, tickRows);
    if (latest.length > 0 && this.options.publish) {
      // the prices are recorded whether or not anyone hears of them: a failed notice is only logged
      await this.options
        .publish(latest)
        .catch((error) => this.options.log(`feed: publishing prices failed: ${error instanceof Error ? error.message : String(error)}`));
    }
    const candleRows = book.drain();
    await saveCandles(this.options.db, candleRows);
    this.candleRings.apply(candleRows);
    if (now - this.lastPrune >= 60) {
      this.lastPrune = now;
      await pruneTicks(this.options.db, [...this.products.keys()], retainFrom);
    }
    return tickRows.length;
  }

  // an answer's staleness changes with time alone (a silent source): a new set of stale products is a change
  private noteStaleness(now: number): void {
    const key = [...this.products.keys()].filter((id) => this.isStale(id, now)).join(",");
    if (key !== this.staleKey) this.changes++;
    this.staleKey = key;
  }

  /**
   * The seconds before `retainFrom` at which holding orders expire, per product: the only ticks older than the
   * retention window a round stores. Only a round that walks a gap reaching back before the window (the first
   * after downtime) needs them; every other round skips the read, which would otherwise scan the open orders
   * each second on the event loop (PGlite).
   */
  private async pendingExpiries(retainFrom: number): Promise<Map<number, Set<number>>> {
    const byProduct = new Map<number, Set<number>>();
    const oldest = Math.min(...[...this.products.keys()].map((id) => this.quotes.get(id)?.time ?? retainFrom));
    if (oldest + 1 >= retainFrom) return byProduct;
    const rows = await this.options.db
      .selectDistinct({ productId: orders.productId, expiresAt: orders.expiresAt })
      .from(orders)
      .where(and(eq(orders.status, "holding"), gt(orders.expiresAt, oldest), lt(orders.expiresAt, retainFrom)));
    for (const row of rows) {
      const set = byProduct.get(row.productId) ?? new Set<number>();
      set.add(row.expiresAt);
      byProduct.set(row.productId, set);
    }
    return byProduct;
  }

  private updateSession(productId: number, time: number, price: number): void {
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

  private async loadSession(productId: number): Promise<void> {
    this.setSession(productId, await latestCandles(this.options.db, productId, "1d", 2));
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

  /**
   * First start: a year of daily bars, then hourly bars, then one-minute bars up to now, each bar walked in
   * four steps for its high and low, only while the market was open. Charts are full from the first visit.
   */
  private async backfill(product: ProductRow): Promise<void> {
    const now = this.options.now();
    const minuteSpan = Math.round(this.options.backfillMinuteDays * DAY);
    const hourSpan = 27 * DAY;
    const daySpan = 365 * DAY;
    const minuteStart = Math.floor((now - minuteSpan) / 60) * 60;
    const hourStart = Math.floor((minuteStart - hourSpan) / 3600) * 3600;
    const dayStart = Math.floor((hourStart - daySpan) / DAY) * DAY;
    const book = new CandleBook();
    let price = product.basePrice;
    let lastTime = dayStart;
    const calendar = product.calendar as Calendar;
    const walk = (from: number, to: number, seconds: number, isOpen: (time: number) => boolean) => {
      for (let time = from; time + seconds <= to; time += seconds) {
        if (!isOpen(time)) continue;
        const open = price;
        let high = open;
        let low = open;
        for (let step = 0; step < 4; step++) {
          price = this.options.provider.step(product, price, seconds / 4);
          high = Math.max(high, price);
          low = Math.min(low, price);
        }
        book.addBar(product.id, { time, seconds, open, high, low, close: price });
        lastTime = time + seconds - 1;
      }
    };
    // a day bar exists when the market trades at some point that day (weekdays for the 5-day calendars)
    walk(dayStart, hourStart, DAY, (time) => this.calendarStatus(calendar, time + 15 * 3600) !== "closed");
    walk(hourStart, minuteStart, 3600, (time) => this.calendarStatus(calendar, time) === "open");
    walk(minuteStart, now, 60, (time) => this.calendarStatus(calendar, time) === "open");
    const candleRows = book.drain();
    await saveCandles(this.options.db, candleRows);
    this.candleRings.apply(candleRows);
    await saveTicks(this.options.db, [{ productId: product.id, time: lastTime, price }]);
    this.quotes.set(product.id, { price, time: lastTime });
  }
}
