import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { type Harness, productId, startHarness } from "./harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

// The recorder walks each product from its last tick up to now, every round. A market closed for hours (a
// night, a weekend, a holiday) must not cost a calendar look-up per second of the closure in every round.
describe("the recorder over a closed market", () => {
  it("asks the calendar about a closed span once a minute, then only about the seconds since, and records nothing", async () => {
    const aapl = productId(h.feed, "AAPL");
    const before = h.feed.quote(aapl)!;
    const equities = [...h.feed.products.values()].filter((product) => product.calendar === "us_equity");
    const lookups = vi.spyOn(h.feed, "calendarStatus");
    const asked = () => lookups.mock.calls.filter(([calendar]) => calendar === "us_equity").length;
    try {
      // 08:00 → 10:00 UTC on a Friday: 03:00 → 05:00 in New York, hours before US stocks open
      h.clock.now += 7200;
      await h.feed.advance(h.clock.now);
      // each equity's walk from its last tick (the previous day's close) to now: a look-up per minute at most
      const minutes = equities.reduce((sum, product) => sum + Math.ceil((h.clock.now - h.feed.quote(product.id)!.time) / 60) + 1, 0);
      expect(asked()).toBeGreaterThan(0);
      expect(asked()).toBeLessThanOrEqual(minutes);
      // the next round looks at its own second only, not at the closure again
      lookups.mockClear();
      h.clock.now += 1;
      await h.feed.advance(h.clock.now);
      expect(asked()).toBeLessThanOrEqual(equities.length);
    } finally {
      lookups.mockRestore();
    }
    expect(h.feed.quote(aapl)).toEqual(before);
    expect(h.feed.status(aapl, h.clock.now)).toBe("not_trading_time");
  });
});
