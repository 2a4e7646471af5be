// The leader's feed round with the verifiable feed (derivation from committed seeds, the hash chain written in
// the ticks' transaction): its wall time on an in-memory PGlite for `count` simulated products, and the CPU
// cost of one round's ticks derived and chained against drawing them from the CSPRNG as before.
import { eq } from "drizzle-orm";

import { openDatabase } from "#server/db/client";
import { products } from "#server/db/schema";
import { CHAIN_GENESIS, chainLink } from "#server/market/fair-derivation";
import { PriceFeed } from "#server/market/feed";
import { SimulatedProvider } from "#server/market/provider";
import { seedProducts } from "#server/market/seed-products";

export interface FeedRoundFigures {
  /** median wall time of one recorded round (ms) */
  roundMs: number;
  /** the longest round: the one at a minute's close, which also stores the longer candles folded over the minute */
  maxMs: number;
  /** CPU µs of one round's ticks: derived and chained, and drawn as before */
  derivedMicros: number;
  drawnMicros: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

// 65 rounds: every run crosses a minute's close at least once
export async function feedRound(count: number, rounds = 65): Promise<FeedRoundFigures> {
  const database = await openDatabase({ dataDir: null });
  try {
    const db = database.db;
    await seedProducts(db);
    // every product a copy of BTCUSDT: crypto trades around the clock, so every product records every round
    await db.delete(products).where(eq(products.feedSource, "binance:btcusdt"));
    const [btc] = await db.select().from(products).where(eq(products.code, "BTCUSDT"));
    const { id: _id, ...template } = btc!;
    const others = await db.select({ id: products.id }).from(products);
    const keep = new Set([btc!.id]);
    for (const other of others) if (!keep.has(other.id)) await db.delete(products).where(eq(products.id, other.id));
    for (let i = 1; i < count; i++) await db.insert(products).values({ ...template, code: `B${i}USDT`, name: `Bench ${i}` });
    let clock = Math.floor(Date.now() / 1000);
    const provider = new SimulatedProvider();
    const feed = new PriceFeed({ db, provider, now: () => clock, log: () => {}, retentionSeconds: 6 * 3600, backfillMinuteDays: 0.01 });
    await feed.open();
    for (let i = 0; i < 5; i++) await feed.advance(++clock);
    const times: number[] = [];
    for (let i = 0; i < rounds; i++) {
      clock += 1;
      const started = performance.now();
      await feed.advance(clock);
      times.push(performance.now() - started);
    }
    // the ticks alone, without the database: derivation and chaining against the CSPRNG's draw
    const params = [...feed.products.values()].map((p) => ({
      id: p.id,
      symbol: p.code,
      precision: p.precision,
      basePrice: p.basePrice,
      volatilityBps: p.volatilityBps,
    }));
    const seed = Buffer.alloc(32, 7);
    const cpu = (work: () => void) => {
      const before = process.cpuUsage();
      for (let i = 0; i < rounds; i++) work();
      const used = process.cpuUsage(before);
      return (used.user + used.system) / rounds;
    };
    const derivedMicros = cpu(() => {
      for (const p of params) chainLink(CHAIN_GENESIS, p.id, clock, provider.derive(p, p.basePrice, seed, clock));
    });
    const drawnMicros = cpu(() => {
      for (const p of feed.products.values()) provider.step(p, p.basePrice, 1);
    });
    return { roundMs: median(times), maxMs: Math.max(...times), derivedMicros, drawnMicros };
  } finally {
    await database.close();
  }
}
