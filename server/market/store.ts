import { and, desc, eq, lt, lte, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { candles, ticks } from "../db/schema";
import type { CandleRow } from "./candles";

const BATCH = 1000;

function* batches<T>(items: T[]): Generator<T[]> {
  for (let i = 0; i < items.length; i += BATCH) yield items.slice(i, i + BATCH);
}

export interface TickRow {
  productId: number;
  time: number;
  price: number;
}

/** Ticks are facts: a second already recorded is never rewritten. */
export async function saveTicks(db: Db, rows: TickRow[]): Promise<void> {
  for (const batch of batches(rows)) await db.insert(ticks).values(batch).onConflictDoNothing();
}

export async function saveCandles(db: Db, rows: CandleRow[]): Promise<void> {
  for (const batch of batches(rows)) {
    await db
      .insert(candles)
      .values(batch)
      .onConflictDoUpdate({
        target: [candles.productId, candles.period, candles.time],
        set: {
          high: sql`greatest(${candles.high}, excluded.high)`,
          low: sql`least(${candles.low}, excluded.low)`,
          close: sql`excluded.close`,
        },
      });
  }
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

export async function latestCandles(db: Db, productId: number, period: string, limit: number) {
  const rows = await db
    .select()
    .from(candles)
    .where(and(eq(candles.productId, productId), eq(candles.period, period)))
    .orderBy(desc(candles.time))
    .limit(limit);
  return rows.reverse();
}

export async function pruneTicks(db: Db, before: number): Promise<void> {
  await db.delete(ticks).where(lt(ticks.time, before));
}
