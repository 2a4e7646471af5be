import type { NumericCandle } from "./candles";

/** Candles asked for at a time when the chart pages through history. */
export const PAGE = 500;
/** The most candles kept in memory (unless the screen opened with more): the far side is dropped beyond it. */
export const WINDOW = 2000;

/** What a page changed: places added before the view's candles (the view moves by them) and dropped behind it. */
export interface PageChange {
  /** places added (older) or removed (oldest dropped) in front of the first candle: the view index moves by this */
  shift: number;
  added: number;
}

/**
 * The candles the chart holds: a bounded, contiguous stretch of history. Paging back prepends older candles
 * and, past the bound, drops the newest ones (the window is then `detached` from the live candle, and ticks
 * are not folded in until paging forward reaches the live candle again). Paging forward appends and drops the
 * oldest ones.
 */
export class CandleWindow {
  readonly limit: number;
  /** the server has no candle older than the first one held */
  startReached = false;
  /** the newest candles were dropped: the last one held is not the live candle */
  detached = false;

  constructor(
    readonly candles: NumericCandle[],
    limit = WINDOW,
  ) {
    this.limit = Math.max(limit, candles.length);
  }

  get oldest(): number | undefined {
    return this.candles[0]?.[0];
  }

  get newest(): number | undefined {
    return this.candles.at(-1)?.[0];
  }

  /**
   * Older candles (oldest first), answering a request for `asked` before the first one held. Fewer than asked
   * means the start of history. Over the bound, the newest candles are dropped, never those at or before
   * `keepThrough` (the last index on screen).
   */
  prepend(older: NumericCandle[], asked: number, keepThrough: number): PageChange {
    const first = this.oldest ?? Infinity;
    const fresh = older.filter((candle) => candle[0] < first);
    if (older.length < asked) this.startReached = true;
    this.candles.unshift(...fresh);
    const over = this.candles.length - this.limit;
    const droppable = this.candles.length - (keepThrough + fresh.length + 1);
    const drop = Math.min(over, droppable);
    if (drop > 0) {
      this.candles.splice(this.candles.length - drop, drop);
      this.detached = true;
    }
    return { shift: fresh.length, added: fresh.length };
  }

  /**
   * Newer candles (oldest first), answering a request for `asked` after the last one held. Fewer than asked
   * means the answer reached the live candle: the window follows ticks again. Over the bound, the oldest
   * candles are dropped, never those at or after `keepFrom` (the first index on screen).
   */
  append(newer: NumericCandle[], asked: number, keepFrom: number): PageChange {
    const last = this.newest ?? -Infinity;
    const fresh = newer.filter((candle) => candle[0] > last);
    if (newer.length < asked) this.detached = false;
    this.candles.push(...fresh);
    return { shift: -this.trimOldest(keepFrom), added: fresh.length };
  }

  /**
   * Drops the oldest candles beyond the bound (new live candles, or a page forward, grew the window), never
   * those at or after `keepFrom`. Returns how many went: indices move down by that much.
   */
  trimOldest(keepFrom: number): number {
    const drop = Math.min(this.candles.length - this.limit, keepFrom);
    if (drop <= 0) return 0;
    this.candles.splice(0, drop);
    this.startReached = false;
    return drop;
  }
}
