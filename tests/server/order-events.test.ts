import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import type { Db } from "#server/db/client";
import { EVENTS_CHANNEL } from "#server/db/outbox";
import { tellStreamsOfOrder } from "#server/modules/trading/order-events";

import { type Harness, loginDemo, placeOrder, productId, startHarness } from "./harness";

// An order's event is written by the trigger on `orders` in the order's own transaction; the stream hubs are
// woken by the process that placed it, once for all the orders of the next 50 ms, not by one notification per
// order (each woke every listening connection and serialized commits on PostgreSQL's notify lock).
describe("waking the stream hubs for orders placed", () => {
  afterEach(() => vi.useRealTimers());

  /** A database that only counts the statements sent to it (each is one notification). */
  const countingDb = () => {
    const sent = { count: 0 };
    const db = { execute: async () => void sent.count++ } as unknown as Db;
    return { db, sent };
  };

  it("wakes at once for the first order, then once for all those of the next 50 ms, then nothing while quiet", async () => {
    vi.useFakeTimers();
    const { db, sent } = countingDb();
    tellStreamsOfOrder(db, () => {});
    expect(sent.count).toBe(1);
    for (let i = 0; i < 30; i++) tellStreamsOfOrder(db, () => {});
    expect(sent.count).toBe(1);
    await vi.advanceTimersByTimeAsync(50);
    expect(sent.count).toBe(2);
    await vi.advanceTimersByTimeAsync(500);
    expect(sent.count).toBe(2);
    // quiet again: the next order wakes at once
    tellStreamsOfOrder(db, () => {});
    expect(sent.count).toBe(3);
  });

  it("keeps one wake per process and database: another database is woken on its own", () => {
    vi.useFakeTimers();
    const first = countingDb();
    const second = countingDb();
    tellStreamsOfOrder(first.db, () => {});
    tellStreamsOfOrder(second.db, () => {});
    expect([first.sent.count, second.sent.count]).toEqual([1, 1]);
  });

  describe("through the order route", () => {
    let h: Harness;
    beforeAll(async () => {
      h = await startHarness();
    });
    afterAll(() => h.close());

    it("an order placed notifies the hubs' channel after its commit, with its event already readable", async () => {
      await h.advance(1);
      const token = await loginDemo(h);
      const heard: string[] = [];
      const stop = await h.database.listen(EVENTS_CHANNEL, (payload) => heard.push(payload));
      try {
        const placed = await placeOrder(h, token, productId(h.feed, "BTCUSDT"));
        expect(placed.body.code).toBe(1);
        // PGlite hands this process its own notifications; wait up to 30 s on a loaded machine
        for (let waited = 0; heard.length === 0 && waited < 30_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
        expect(heard.length).toBeGreaterThan(0);
        const events = (await h.database.db.execute(
          `select payload from events where kind = 'order_placed' and (payload ->> 'orderId')::int = ${placed.body.data.id}` as never,
        )) as unknown as { rows: unknown[] };
        expect(events.rows).toHaveLength(1);
      } finally {
        await stop();
      }
    });
  });
});
