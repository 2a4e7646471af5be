import type { Period } from "#contract/markets";

import type { Db } from "../db/client";
import type { CandleRow } from "./candles";
import { candlesFrom, latestCandles } from "./store";

export interface StoredCandle {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
}

/** Which candles a range asks for: those starting before a time, or after one (unix seconds). */
export type CandleBound = { before: number } | { after: number };

interface Ring {
  candles: StoredCandle[];
  /** the database holds no older candle than the ring's first */
  complete: boolean;
  /** the first read of the ring, or a follower's read-back, under way */
  loading?: Promise<void>;
  /** the recorder's rows that came in while the first read ran, merged once it is done */
  pending: CandleRow[] | null;
  refreshedAt: number;
}

/** A follower reads each ring's newest candles back at most this often: once per recorded second. */
const FOLLOWER_REFRESH_MS = 1000;

const pick = (row: StoredCandle): StoredCandle => ({ time: row.time, open: row.open, high: row.high, low: row.low, close: row.close });

/**
 * The most recent candles of each product and period asked for, in memory: the chart's history answers
 * from here, and only a range older than the ring (or a first look at a product and period) reads the
 * database. On the recorder every round's candles are merged in as they are stored, the same way the
 * database merges them (first open kept, high and low widened, last close); on a follower a ring's newest
 * candles are read back at most once a second.
 */
export class CandleRings {
  private readonly rings = new Map<string, Ring>();
  private recording = false;

  constructor(readonly capacity = 1000) {}

  /** The recorder's rings start over from the database: what another recorder stored is not in them. */
  startRecording(): void {
    this.recording = true;
    this.rings.clear();
  }

  startFollowing(): void {
    this.recording = false;
  }

  /** The last `limit` candles, oldest first, or null when the ring cannot answer (the database must). */
  async latest(db: Db, productId: number, period: Period, limit: number): Promise<StoredCandle[] | null> {
    if (limit > this.capacity) return null;
    const ring = await this.ready(db, productId, period);
    if (ring.candles.length < limit && !ring.complete) return null;
    return ring.candles.slice(-limit);
  }

  /**
   * The `limit` newest candles before a time, or the `limit` oldest after one, oldest first; null when the ring
   * does not reach back that far (the database answers). The ring holds every candle from its first one on.
   */
  async range(db: Db, productId: number, period: Period, bound: CandleBound, limit: number): Promise<StoredCandle[] | null> {
    const ring = await this.ready(db, productId, period);
    const { candles: held } = ring;
    if ("before" in bound) {
      let end = held.length;
      while (end > 0 && held[end - 1]!.time >= bound.before) end--;
      if (end < limit && !ring.complete) return null;
      return held.slice(Math.max(0, end - limit), end);
    }
    if (!ring.complete && (held.length === 0 || bound.after < held[0]!.time)) return null;
    let start = held.length;
    while (start > 0 && held[start - 1]!.time > bound.after) start--;
    return held.slice(start, start + limit);
  }

  /** The ring of a product and period, read from the database first if new, refreshed on a follower. */
  private async ready(db: Db, productId: number, period: Period): Promise<Ring> {
    const key = `${productId}:${period}`;
    let ring = this.rings.get(key);
    if (!ring) {
      const fresh: Ring = { candles: [], complete: false, pending: [], refreshedAt: Date.now() };
      fresh.loading = this.load(db, productId, period, fresh).finally(() => (fresh.loading = undefined));
      this.rings.set(key, fresh);
      ring = fresh;
    }
    if (ring.loading) await ring.loading;
    else if (!this.recording && Date.now() - ring.refreshedAt >= FOLLOWER_REFRESH_MS) {
      const stale = ring;
      stale.refreshedAt = Date.now();
      stale.loading = this.readBack(db, productId, period, stale).finally(() => (stale.loading = undefined));
      await stale.loading;
    }
    return ring;
  }

  /** The recorder's newly stored candle rows (after they are stored). */
  apply(rows: CandleRow[]): void {
    if (this.rings.size === 0) return;
    for (const row of rows) {
      const ring = this.rings.get(`${row.productId}:${row.period}`);
      if (!ring) continue;
      if (ring.pending) ring.pending.push(row);
      else this.merge(ring, row);
    }
  }

  private async load(db: Db, productId: number, period: Period, ring: Ring): Promise<void> {
    try {
      const rows = await latestCandles(db, productId, period, this.capacity);
      ring.candles = rows.map(pick);
      ring.complete = rows.length < this.capacity;
      // rows stored while the read ran may be in it already: merging them again changes nothing
      for (const row of ring.pending ?? []) this.merge(ring, row);
      ring.pending = null;
    } catch (error) {
      this.rings.delete(`${productId}:${period}`);
      throw error;
    }
  }

  /** A follower's refresh: the database's candles from the ring's newest on replace the ring's. */
  private async readBack(db: Db, productId: number, period: Period, ring: Ring): Promise<void> {
    const from = ring.candles.at(-1)?.time ?? 0;
    const rows = await candlesFrom(db, productId, period, from, this.capacity);
    if (rows.length === 0) return;
    const first = rows[0]!.time;
    ring.candles = [...ring.candles.filter((candle) => candle.time < first), ...rows.map(pick)];
    this.trim(ring);
  }

  private merge(ring: Ring, row: CandleRow): void {
    let i = ring.candles.length - 1;
    while (i >= 0 && ring.candles[i]!.time > row.time) i--;
    // older than the ring's first candle: the database answers for that range
    if (i < 0 && ring.candles.length > 0 && !ring.complete) return;
    const candle = i >= 0 ? ring.candles[i] : undefined;
    if (candle && candle.time === row.time) {
      candle.high = Math.max(candle.high, row.high);
      candle.low = Math.min(candle.low, row.low);
      candle.close = row.close;
      return;
    }
    ring.candles.splice(i + 1, 0, pick(row));
    this.trim(ring);
  }

  private trim(ring: Ring): void {
    if (ring.candles.length <= this.capacity) return;
    ring.candles.splice(0, ring.candles.length - this.capacity);
    ring.complete = false;
  }
}
