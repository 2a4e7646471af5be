import { and, asc, desc, eq, gt, gte, lt, lte, sql } from "drizzle-orm";

import { type Period, PERIOD_SECONDS, PERIODS } from "#contract/markets";

import type { Db, Tx } from "../db/client";
import { candles, ticks } from "../db/schema";
import { yieldToRequests } from "../db/yield-to-requests";
import type { CandleRow } from "./candles";

/** Rows per statement: a round of 500 products' candles (six periods each) is one statement. */
const BATCH = 5000;

function* batches<T>(items: T[]): Generator<T[]> {
  for (let i = 0; i < items.length; i += BATCH) yield items.slice(i, i + BATCH);
}

export interface TickRow {
  productId: number;
  time: number;
  price: number;
  /** recorded without a prior commitment (docs/fairness.md): no order settles on it */
  uncommitted?: boolean;
  /** the product's hash chain after this tick (hex) */
  link?: string | null;
}

/** A product's chain value after its last tick of a minute (minute = unix seconds ÷ 60). */
export interface HeadRow {
  productId: number;
  minute: number;
  head: string;
  lastTime: number;
}

/**
 * Ticks are facts: a second already recorded is never rewritten. One statement per batch, its columns sent as
 * five arrays and unnested in the database: a round of 500 products is one short statement with five
 * parameters, not 2 500 placeholders for the query builder to assemble and the database to parse.
 */
export async function saveTicks(db: Db | Tx, rows: TickRow[]): Promise<void> {
  for (const batch of batches(rows)) {
    await db.execute(sql`
      insert into ticks (product_id, time, price, uncommitted, link)
      select * from unnest(${sql.param(batch.map((row) => row.productId))}::int[], ${sql.param(batch.map((row) => row.time))}::bigint[],
        ${sql.param(batch.map((row) => row.price))}::bigint[], ${sql.param(batch.map((row) => row.uncommitted ?? false))}::boolean[],
        ${sql.param(batch.map((row) => row.link ?? null))}::text[])
      on conflict do nothing`);
    await yieldToRequests();
  }
}

/** Each product's chain head per minute; a later write for the same minute moves it on, never back. */
export async function saveHeads(db: Db | Tx, rows: HeadRow[]): Promise<void> {
  for (const batch of batches(rows)) {
    await db.execute(sql`
      insert into fair_heads (product_id, minute, head, last_time)
      select * from unnest(${sql.param(batch.map((row) => row.productId))}::int[], ${sql.param(batch.map((row) => row.minute))}::bigint[],
        ${sql.param(batch.map((row) => row.head))}::text[], ${sql.param(batch.map((row) => row.lastTime))}::bigint[])
      on conflict (product_id, minute) do update set head = excluded.head, last_time = excluded.last_time
      where excluded.last_time > fair_heads.last_time`);
  }
}

/** Candles merged into what is stored: the first open stays, high and low widen, the close is the newest. */
export async function saveCandles(db: Db, rows: CandleRow[]): Promise<void> {
  for (const batch of batches(rows)) {
    await db.execute(sql`
      insert into candles (product_id, period, time, open, high, low, close)
      select * from unnest(${sql.param(batch.map((row) => row.productId))}::int[], ${sql.param(batch.map((row) => row.period))}::text[],
        ${sql.param(batch.map((row) => row.time))}::bigint[], ${sql.param(batch.map((row) => row.open))}::bigint[],
        ${sql.param(batch.map((row) => row.high))}::bigint[], ${sql.param(batch.map((row) => row.low))}::bigint[],
        ${sql.param(batch.map((row) => row.close))}::bigint[])
      on conflict (product_id, period, time) do update
      set high = greatest(candles.high, excluded.high), low = least(candles.low, excluded.low), close = excluded.close`);
    await yieldToRequests();
  }
}

/** Candles longer than a minute: the recorder stores them once a minute, folded from its rounds (feed-recorder.ts). */
export const FOLDED_PERIODS = PERIODS.filter((period) => period !== "1m");

/**
 * How many of a product's newest one-minute candles may not be folded into its longer candles yet: the minute
 * being recorded, and the one before it until the round that closes it has stored the fold.
 */
const UNFOLDED_MINUTES = 2;

/**
 * Folds each product's newest one-minute candles into its longer candles, as the recorder does at a minute's
 * close: what a recorder that stopped within a minute had not stored yet. The newest one-minute close is the
 * newest price, so folding a minute again never moves a close back; high and low only widen.
 */
export async function foldRecentMinutes(db: Db): Promise<void> {
  await db.execute(sql`
    insert into candles (product_id, period, time, open, high, low, close)
    select m.product_id, f.period, m.time - m.time % f.seconds as bucket,
           (array_agg(m.open order by m.time))[1], max(m.high), min(m.low), (array_agg(m.close order by m.time desc))[1]
    from products p
    cross join lateral (
      select product_id, time, open, high, low, close from candles
      where product_id = p.id and period = '1m' order by time desc limit ${UNFOLDED_MINUTES}
    ) m
    cross join unnest(${sql.param([...FOLDED_PERIODS])}::text[], ${sql.param(FOLDED_PERIODS.map((period) => PERIOD_SECONDS[period]))}::bigint[]) as f(period, seconds)
    group by m.product_id, f.period, bucket
    on conflict (product_id, period, time) do update
    set high = greatest(candles.high, excluded.high), low = least(candles.low, excluded.low), close = excluded.close`);
}

/**
 * A longer period's newest candles with the product's newest one-minute candles merged in: the database may
 * hold the longer ones up to the last minute's fold only, and a chart must not show a minute late.
 */
async function withUnfoldedMinutes<T extends StoredBar>(db: Db, productId: number, period: Period, rows: T[]): Promise<T[]> {
  if (period === "1m") return rows;
  const minutes = await db
    .select()
    .from(candles)
    .where(and(eq(candles.productId, productId), eq(candles.period, "1m")))
    .orderBy(desc(candles.time))
    .limit(UNFOLDED_MINUTES);
  const seconds = PERIOD_SECONDS[period];
  for (const minute of minutes.reverse()) {
    const time = minute.time - (minute.time % seconds);
    const last = rows.at(-1);
    if (last && last.time === time) {
      last.high = Math.max(last.high, minute.high);
      last.low = Math.min(last.low, minute.low);
      last.close = minute.close;
    } else if (!last || last.time < time) {
      rows.push({ ...minute, period, time } as unknown as T);
    }
  }
  return rows;
}

interface StoredBar {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
}

/** The recorded price at an instant: the last tick at or before it. */
export async function priceAt(db: Db, productId: number, time: number): Promise<TickRow | undefined> {
  const [row] = await db
    .select()
    .from(ticks)
    .where(and(eq(ticks.productId, productId), lte(ticks.time, time)))
    .orderBy(desc(ticks.time))
    .limit(1);
  return row;
}

export async function latestTick(db: Db, productId: number): Promise<TickRow | undefined> {
  const [row] = await db.select().from(ticks).where(eq(ticks.productId, productId)).orderBy(desc(ticks.time)).limit(1);
  return row;
}

/** The `limit` newest candles, oldest first, the minutes not folded yet merged into a longer period's. */
export async function latestCandles(db: Db, productId: number, period: Period, limit: number) {
  const rows = await db
    .select()
    .from(candles)
    .where(and(eq(candles.productId, productId), eq(candles.period, period)))
    .orderBy(desc(candles.time))
    .limit(limit);
  const merged = await withUnfoldedMinutes(db, productId, period, rows.reverse());
  return merged.slice(-limit);
}

/** The candles from `from` on, newest last, the minutes not folded yet merged in (a follower's ring read-back). */
export async function candlesFrom(db: Db, productId: number, period: Period, from: number, limit: number) {
  const rows = await db
    .select()
    .from(candles)
    .where(and(eq(candles.productId, productId), eq(candles.period, period), gte(candles.time, from)))
    .orderBy(desc(candles.time))
    .limit(limit);
  return withUnfoldedMinutes(db, productId, period, rows.reverse());
}

/** The `limit` newest candles that start before `before`, oldest first (the primary key's index, read backwards). */
export async function candlesBefore(db: Db, productId: number, period: string, before: number, limit: number) {
  const rows = await db
    .select()
    .from(candles)
    .where(and(eq(candles.productId, productId), eq(candles.period, period), lt(candles.time, before)))
    .orderBy(desc(candles.time))
    .limit(limit);
  return rows.reverse();
}

/** The `limit` oldest candles that start after `after`, oldest first (the primary key's index). */
export async function candlesAfter(db: Db, productId: number, period: string, after: number, limit: number) {
  return db
    .select()
    .from(candles)
    .where(and(eq(candles.productId, productId), eq(candles.period, period), gt(candles.time, after)))
    .orderBy(asc(candles.time))
    .limit(limit);
}

/**
 * Deletes the products' ticks older than `before`, except those at the instant a holding order opened or
 * expires (its entry and close prices, and whether each was committed, kept until it settles). One index range per product (the primary key is product, time): a
 * bare `time < before` would scan the whole table, hours of every product's seconds, on the event loop.
 */
export async function pruneTicks(db: Db, productIds: number[], before: number): Promise<void> {
  await db.execute(sql`
    delete from ticks t using unnest(${sql.param(productIds)}::int[]) as p(id)
    where t.product_id = p.id and t.time < ${before}
      and not exists (select 1 from orders o where o.status = 'holding' and o.expires_at = t.time and o.product_id = t.product_id)
      and not exists (select 1 from orders o where o.status = 'holding' and o.open_tick_time = t.time and o.product_id = t.product_id)`);
}

/** Every product's last recorded tick, one indexed look-up each (the primary key is product, time). */
export async function latestTicks(db: Db): Promise<TickRow[]> {
  const result = await db.execute(sql`
    select p.id as "productId", t.time, t.price
    from products p
    cross join lateral (select time, price from ticks where product_id = p.id order by time desc limit 1) t`);
  return (result as unknown as { rows: Array<Record<string, string | number>> }).rows.map((row) => ({
    productId: Number(row.productId),
    time: Number(row.time),
    price: Number(row.price),
  }));
}

export interface DailyBar {
  productId: number;
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
}

/** Every product's last two daily candles (oldest first per product): today's range and yesterday's close. */
export async function latestDailyBars(db: Db): Promise<Map<number, DailyBar[]>> {
  const result = await db.execute(sql`
    select p.id as "productId", c.time, c.open, c.high, c.low, c.close
    from products p
    cross join lateral (
      select time, open, high, low, close from candles where product_id = p.id and period = '1d' order by time desc limit 2
    ) c`);
  const byProduct = new Map<number, DailyBar[]>();
  for (const row of (result as unknown as { rows: Array<Record<string, string | number>> }).rows) {
    const bar = {
      productId: Number(row.productId),
      time: Number(row.time),
      open: Number(row.open),
      high: Number(row.high),
      low: Number(row.low),
      close: Number(row.close),
    };
    byProduct.set(
      bar.productId,
      [bar, ...(byProduct.get(bar.productId) ?? [])].sort((a, b) => a.time - b.time),
    );
  }
  return byProduct;
}
