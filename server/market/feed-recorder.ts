import { and, eq, gt, lt } from "drizzle-orm";

import type { Db } from "../db/client";
import { orders } from "../db/schema";
import type { Calendar } from "./calendar";
import { CandleBook } from "./candles";
import { CHAIN_GENESIS, chainLink, type FairParams } from "./fair-derivation";
import { FairSeeds, leadMinutes, minuteOf } from "./fair-seeds";
import { parseFeedSource } from "./feed-source";
import type { FeedView, ProductRow, Quote } from "./feed-view";
import type { PriceProvider } from "./provider";
import { foldRecentMinutes, type HeadRow, latestTick, pruneTicks, saveCandles, saveHeads, saveTicks, type TickRow } from "./store";

export interface RecorderOptions {
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
}

const DAY = 86400;
const MAX_CATCH_UP_SECONDS = 14 * DAY;

/**
 * The recorder, on the process that leads: one tick per second per open product written with its candles, a
 * gap (the process or the leader was down) filled before anything settles from it, old ticks pruned, and each
 * round's newest prices put into the view and announced to the followers.
 */
export class FeedRecorder {
  private lastPrune = 0;
  /** the minutes ahead: their seeds (this process's memory only), commitments and reveals */
  readonly seeds = new FairSeeds();
  /** per product, its hash chain after the last recorded tick */
  private readonly chains = new Map<number, string>();
  /**
   * per product, the head of the minute its last recorded tick is in: written once that minute is over (a head
   * per tick would be an upsert per product every second for a row only the minute's last value survives in)
   */
  private readonly openHeads = new Map<number, HeadRow>();
  /**
   * per product, the last second a round's walk looked at, and on which calendar: the seconds after the last
   * tick up to it were closed, so the next round starts after it instead of walking the closure again
   */
  private readonly walked = new Map<number, { calendar: string; time: number }>();
  /**
   * The longer periods' candles of the rounds since the last fold: stored once a minute, while the one-minute
   * candles are stored every round (a longer candle per period per product each second was most of a round's
   * writes). Readers merge the newest one-minute candles in (store.ts), so no chart is a minute late.
   */
  private unfolded = new CandleBook();
  /** the minute of the round that last stored the fold */
  private foldedMinute = 0;

  constructor(
    private readonly view: FeedView,
    private readonly options: RecorderOptions,
  ) {}

  /**
   * Becomes the recorder (at start, or when this process wins the job lock from another): the walk goes on
   * from the last price recorded in the database, whoever recorded it; a product never recorded is backfilled.
   */
  async takeOver(): Promise<void> {
    const { view } = this;
    view.candleRings.startRecording();
    // another process may have recorded meanwhile: walk from what the database holds
    this.walked.clear();
    this.chains.clear();
    this.openHeads.clear();
    // a previous leader (or this process, in an earlier term) may have stopped before storing its last fold
    this.unfolded = new CandleBook();
    this.foldedMinute = 0;
    await foldRecentMinutes(this.options.db);
    // the seeds of minutes another leader committed went with it: those minutes are now marked lost
    await this.seeds.takeOver(this.options.db);
    for (const product of view.products.values()) {
      const tick = await latestTick(this.options.db, product.id);
      // ticks older than the chain start it afresh from the genesis value
      this.chains.set(product.id, tick?.link ?? CHAIN_GENESIS);
      // a leader that stopped inside a minute never wrote its head: it is written when that minute is over
      if (tick?.link)
        this.openHeads.set(product.id, { productId: product.id, minute: minuteOf(tick.time), head: tick.link, lastTime: tick.time });
      if (tick) view.setQuote(product.id, { price: tick.price, time: tick.time });
      // a real source's history is not invented: its chart starts with the first price heard
      else if (!view.live.isLive(product)) await this.backfill(product);
      await view.loadSession(product.id);
    }
    view.touch();
  }

  /**
   * Records every second from each product's last tick up to `now` while its market is open. In a long gap
   * only the retention window's ticks are stored (plus the instants open orders expire at); candles always.
   */
  async advance(now: number): Promise<number> {
    const { view } = this;
    const retainFrom = now - this.options.retentionSeconds;
    // taken before anything is awaited: what is heard meanwhile waits for the next round
    view.live.collect(view.products.values(), (id) => view.quote(id));
    // seeds for the minutes ahead are made (and their commitments written) before any of them is walked
    await this.seeds.commitAhead(this.options.db, now, this.leadMinutes(), this.simulatedParams());
    const expiries = await this.pendingExpiries(retainFrom);
    const tickRows: TickRow[] = [];
    const closedHeads: HeadRow[] = [];
    const latest: TickRow[] = [];
    const book = new CandleBook();
    for (const product of view.products.values()) {
      const quote = view.quote(product.id);
      const needed = expiries.get(product.id);
      const record = (time: number, price: number, uncommitted: boolean) => {
        book.addTick(product.id, time, price);
        view.noteSecond(product.id, time, price);
        if (time >= retainFrom || needed?.has(time)) {
          const link = this.extendChain(product.id, time, price);
          tickRows.push({ productId: product.id, time, price, uncommitted, link });
          this.moveHead(product.id, time, link, closedHeads);
        }
      };
      const isOpen = (time: number) => view.calendarStatus(product.calendar as Calendar, time) === "open";
      let newest: Quote | undefined;
      if (view.live.isLive(product)) {
        // a real source's seconds are the trades heard in them, never a walk (and nothing in a second without one)
        // a trade heard live is its own witness: no seed stands behind it, the chain still fixes it once recorded
        for (const tick of view.live.seconds(product, quote?.time ?? 0, now, isOpen)) {
          record(tick.time, tick.price, false);
          newest = tick;
        }
      } else if (quote) {
        let { price } = quote;
        const walked = this.walked.get(product.id);
        const from = Math.max(quote.time, walked?.calendar === product.calendar ? walked.time : 0, now - MAX_CATCH_UP_SECONDS);
        this.walked.set(product.id, { calendar: product.calendar, time: Math.max(now, walked?.time ?? 0) });
        for (let time = from + 1; time <= now; time++) {
          // trading hours change on minute boundaries: a closed second closes the rest of its minute. Without the
          // leap (and the walked mark above) each round would ask the calendar once for every second since the
          // market closed (a weekend or a holiday: hundreds of thousands of times, on the recorder's event loop)
          if (!isOpen(time)) {
            time = Math.floor(time / 60) * 60 + 59;
            continue;
          }
          // a committed second is derived from its minute's seed; any other (this leader holds no seed for it:
          // the catch-up after downtime, a minute whose seed left with the previous leader) is drawn, and marked
          const held = this.seeds.forSecond(product.id, time);
          price = held ? this.options.provider.derive(held.params, price, held.seed, time) : this.options.provider.step(product, price, 1);
          record(time, price, !held);
          newest = { price, time };
        }
      }
      if (newest) {
        view.setQuote(product.id, newest);
        latest.push({ productId: product.id, time: newest.time, price: newest.price });
      }
    }
    if (latest.length > 0) view.touch();
    view.noteStaleness(now);
    // a minute is over once a round reaches the next one: its head is final (the next tick starts a new minute)
    const current = minuteOf(now);
    for (const [productId, head] of this.openHeads) {
      if (head.minute >= current) continue;
      closedHeads.push(head);
      this.openHeads.delete(productId);
    }
    // the chain is written with its ticks or not at all, and a closed minute's head with the round that closes it
    await this.options.db.transaction(async (tx) => {
      await saveTicks(tx, tickRows);
      if (closedHeads.length > 0) await saveHeads(tx, closedHeads);
    });
    // only now that the minute's ticks are recorded may its seed be known
    await this.seeds.reveal(this.options.db, now);
    if (latest.length > 0 && this.options.publish) {
      // the prices are recorded whether or not anyone hears of them: a failed notice is only logged
      await this.options
        .publish(latest)
        .catch((error) => this.options.log(`feed: publishing prices failed: ${error instanceof Error ? error.message : String(error)}`));
    }
    const candleRows = book.drain();
    const stored = [];
    for (const row of candleRows) {
      if (row.period === "1m") stored.push(row);
      else this.unfolded.mergeRow(row);
    }
    if (minuteOf(now) !== this.foldedMinute) {
      this.foldedMinute = minuteOf(now);
      stored.push(...this.unfolded.drain());
    }
    await saveCandles(this.options.db, stored);
    // the recorder's rings take every period each round: they answer charts without the database
    view.candleRings.apply(candleRows);
    if (now - this.lastPrune >= 60) {
      this.lastPrune = now;
      await pruneTicks(this.options.db, [...view.products.keys()], retainFrom);
    }
    return tickRows.length;
  }

  /** The product's chain after a tick at `time` of `price`, kept as the chain's new end. */
  private extendChain(productId: number, time: number, price: number): string {
    const link = chainLink(this.chains.get(productId) ?? CHAIN_GENESIS, productId, time, price);
    this.chains.set(productId, link);
    return link;
  }

  /** The product's open head follows its newest tick; a tick in a later minute closes the one before. */
  private moveHead(productId: number, time: number, link: string, closed: HeadRow[]): void {
    const minute = minuteOf(time);
    const head = this.openHeads.get(productId);
    if (head && head.minute === minute) {
      head.head = link;
      head.lastTime = time;
      return;
    }
    if (head) closed.push(head);
    this.openHeads.set(productId, { productId, minute, head: link, lastTime: time });
  }

  /** What a minute committed now fixes: every simulated product's walk parameters as they stand. */
  private simulatedParams(): FairParams[] {
    return [...this.view.products.values()]
      .filter((product) => parseFeedSource(product.feedSource)?.kind === "simulated")
      .map((product) => ({
        id: product.id,
        symbol: product.code,
        precision: product.precision,
        basePrice: product.basePrice,
        volatilityBps: product.volatilityBps,
      }));
  }

  /** L: the longest settlement option offered now, plus the grace, in minutes, and never under the default. */
  private leadMinutes(): number {
    let longest = 0;
    for (const options of this.view.secondsOptions.values()) for (const option of options) longest = Math.max(longest, option.seconds);
    return leadMinutes(longest);
  }

  /**
   * The seconds before `retainFrom` at which holding orders expire, per product: the only ticks older than the
   * retention window a round stores. Only a round that walks a gap reaching back before the window (the first
   * after downtime) needs them; every other round skips the read, which would otherwise scan the open orders
   * each second on the event loop (PGlite).
   */
  private async pendingExpiries(retainFrom: number): Promise<Map<number, Set<number>>> {
    const byProduct = new Map<number, Set<number>>();
    const oldest = Math.min(...[...this.view.products.keys()].map((id) => this.view.quote(id)?.time ?? retainFrom));
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
    const status = (time: number) => this.view.calendarStatus(calendar, time);
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
    walk(dayStart, hourStart, DAY, (time) => status(time + 15 * 3600) !== "closed");
    walk(hourStart, minuteStart, 3600, (time) => status(time) === "open");
    walk(minuteStart, now, 60, (time) => status(time) === "open");
    const candleRows = book.drain();
    await saveCandles(this.options.db, candleRows);
    this.view.candleRings.apply(candleRows);
    // history made at first start: a chain's first link, uncommitted (no order can have opened on it)
    const link = this.extendChain(product.id, lastTime, price);
    await saveTicks(this.options.db, [{ productId: product.id, time: lastTime, price, uncommitted: true, link }]);
    this.openHeads.set(product.id, { productId: product.id, minute: minuteOf(lastTime), head: link, lastTime });
    this.view.setQuote(product.id, { price, time: lastTime });
  }
}
