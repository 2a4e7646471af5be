import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { sparkPoints } from "#server/modules/markets/sparklines";

import { api, type Harness, productId, startHarness } from "./harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await h.advance(2);
});
afterAll(() => h.close());

const closesOf = async (pid: number) =>
  ((await api(h, "GET", "/api/index/getkdata", { pid: String(pid), period: "1m", limit: "60" })).body.data as string[][]).map((c) => c[4]!);

describe("sparklines", () => {
  it("picks every second close of the last hour, ending with the newest, 30 at most", () => {
    const hour = Array.from({ length: 90 }, (_, i) => i);
    expect(sparkPoints(hour)).toEqual(Array.from({ length: 30 }, (_, i) => 31 + 2 * i));
    expect(sparkPoints([1, 2, 3, 4, 5])).toEqual([1, 3, 5]);
    expect(sparkPoints([])).toEqual([]);
  });

  it("gives every product its last hour of one-minute closes, the same candles the chart draws, cacheable for a minute", async () => {
    const answer = await h.app.inject({ method: "GET", url: "/api/index/sparklines" });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["cache-control"]).toBe("public, max-age=60");
    const lines = answer.json().data as Record<string, string[]>;
    expect(
      Object.keys(lines)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual([...h.feed.products.keys()].sort((a, b) => a - b));
    const btc = productId(h.feed, "BTCUSDT");
    const closes = await closesOf(btc);
    expect(closes.length).toBeGreaterThan(4);
    expect(lines[btc]).toEqual(sparkPoints(closes.map(Number)).map((n) => closes.find((c) => Number(c) === n)));
    expect(lines[btc]!.at(-1)).toBe(closes.at(-1));
  });

  it("is built once a minute: the same answer within the minute, a new one after it turns", async () => {
    const btc = productId(h.feed, "BTCUSDT");
    if (h.clock.now % 60 >= 55) await h.advance(60 - (h.clock.now % 60) + 1);
    const first = (await api(h, "GET", "/api/index/sparklines")).body.data[btc] as string[];
    // the price moves within the minute: the answer stands
    h.provider.queued.set(btc, [Math.round(h.feed.quote(btc)!.price * 1.01)]);
    await h.advance(1);
    expect((await api(h, "GET", "/api/index/sparklines")).body.data[btc]).toEqual(first);
    // the minute turns: the newest close is in the new answer
    const toNextMinute = 60 - (h.clock.now % 60);
    await h.advance(toNextMinute + 1);
    const closes = await closesOf(btc);
    const second = (await api(h, "GET", "/api/index/sparklines")).body.data[btc] as string[];
    expect(second.at(-1)).toBe(closes.at(-1));
    expect(second).not.toEqual(first);
  });
});
