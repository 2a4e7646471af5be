import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { apiPaths } from "#contract/paths";
import { candles } from "#server/db/schema";
import { PriceFeed } from "#server/market/feed";
import { latestCandles } from "#server/market/store";

import { type Harness, startHarness } from "./harness";

// The recorder stores one-minute candles every round and folds the longer periods in once a minute (a row per
// period per product each second was most of a round's writes); every reader still sees the newest minute.
let h: Harness;
let pid: number;
beforeAll(async () => {
  h = await startHarness();
  pid = [...h.feed.products.values()].find((p) => p.market === "crypto")!.id;
});
afterAll(() => h?.close());

const FIVE_MINUTES = 300;
/** The 5-minute candle as the database stores it, without the readers' merge. */
const stored5m = async (time: number) =>
  (
    await h.database.db
      .select()
      .from(candles)
      .where(and(eq(candles.productId, pid), eq(candles.period, "5m"), eq(candles.time, time)))
  )[0];
const bucket5m = () => h.clock.now - (h.clock.now % FIVE_MINUTES);

/** To the 20th second of a minute that is not the first of its 5-minute candle, the price steady meanwhile. */
async function toMidMinute() {
  const price = h.feed.quote(pid)!.price;
  let steps = (80 - (h.clock.now % 60)) % 60 || 60;
  if ((h.clock.now + steps) % FIVE_MINUTES < 60) steps += 60;
  h.provider.queued.set(pid, Array(steps).fill(price));
  await h.advance(steps);
  return price;
}

describe("candle folding", () => {
  it("stores the longer candles once a minute, and readers see the minute's prices in them at once", async () => {
    const price = await toMidMinute();
    const spike = price + 5_000;
    h.provider.queued.set(pid, [spike, price, price]);
    await h.advance(3);
    const time = bucket5m();
    // the database's 5-minute row has not taken the spike yet: this minute's rounds wrote one-minute rows only
    expect((await stored5m(time))!.high).toBeLessThan(spike);
    // but every reader merges the newest minutes in: the database read, the API (the recorder's ring)
    const read = (await latestCandles(h.database.db, pid, "5m", 3)).at(-1)!;
    expect(read).toMatchObject({ time, high: spike, close: price });
    const answer = (await h.app.inject({ method: "GET", url: `${apiPaths.klines.path}?pid=${pid}&period=5m&limit=3` })).json();
    expect(answer.data.at(-1)[0]).toBe(time);
    expect(Number(answer.data.at(-1)[2].replace(".", ""))).toBe(spike);
    // the round that reaches the next minute folds it in
    h.provider.queued.set(pid, Array(60).fill(price));
    await h.advance(60 - (h.clock.now % 60));
    expect((await stored5m(time))!.high).toBe(spike);
  });

  it("a recorder taking over folds in what the one before it recorded in its last minute", async () => {
    const price = await toMidMinute();
    const spike = price + 7_000;
    h.provider.queued.set(pid, [spike, price]);
    await h.advance(2);
    const time = bucket5m();
    expect((await stored5m(time))!.high).toBeLessThan(spike);
    // the first recorder stops here, its fold unstored; another process takes over the same database
    const next = new PriceFeed({
      db: h.database.db,
      provider: h.provider,
      now: () => h.clock.now,
      log: () => {},
      retentionSeconds: 6 * 3600,
      backfillMinuteDays: 0.01,
    });
    await next.reloadProducts();
    await next.takeOver();
    expect(await stored5m(time)).toMatchObject({ high: spike, close: price });
    await next.close();
  });
});
