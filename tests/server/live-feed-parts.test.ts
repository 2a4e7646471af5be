import type { AddressInfo } from "node:net";

import { describe, expect, it } from "vitest";
import { WebSocketServer } from "ws";

import { backoffDelay } from "#server/market/backoff";
import { binanceTrade } from "#server/market/binance-message";
import { scaledPrice } from "#server/market/exchange-price";
import { parseFeedSource } from "#server/market/feed-source";
import { OutlierFilter } from "#server/market/live-outliers";
import { tradeTimeRefusal } from "#server/market/live-rules";
import { liveSeconds } from "#server/market/live-seconds";
import { HeardPrices } from "#server/market/live-source";
import { ReconnectingSocket } from "#server/market/reconnecting-socket";

import { until } from "./live-feed/fake-binance";

describe("backoff", () => {
  it("doubles from the base, stops at the cap, and waives at most half of each step", () => {
    const options = { baseMs: 1000, maxMs: 60_000 };
    expect([0, 1, 2, 3, 6, 7, 50].map((n) => backoffDelay(n, options, () => 1))).toEqual([1000, 2000, 4000, 8000, 60_000, 60_000, 60_000]);
    expect([0, 1, 6].map((n) => backoffDelay(n, options, () => 0))).toEqual([500, 1000, 30_000]);
    const spread = new Set(Array.from({ length: 50 }, () => backoffDelay(3, options)));
    expect(spread.size).toBeGreaterThan(10);
    for (const delay of spread) {
      expect(delay).toBeGreaterThanOrEqual(4000);
      expect(delay).toBeLessThanOrEqual(8000);
    }
  });
});

describe("exchange prices", () => {
  it("scales decimal text to the product's precision, rounding half up, without floats", () => {
    expect(scaledPrice("67512.34000000", 2)).toBe(6_751_234);
    expect(scaledPrice("67512.345", 2)).toBe(6_751_235);
    expect(scaledPrice("67512.344999", 2)).toBe(6_751_234);
    expect(scaledPrice("1.08", 5)).toBe(108_000);
    expect(scaledPrice("0.1", 0)).toBe(null);
    expect(scaledPrice("0.5", 0)).toBe(1);
    for (const bad of ["", "-1.00", "1e5", "0", "0.000", " 1.0", "1.2.3", "99999999999999999999"]) expect(scaledPrice(bad, 2)).toBe(null);
  });

  it("reads trades, aggregated trades and mini tickers of the symbol with the exchange's time, and nothing else", () => {
    expect(
      binanceTrade(JSON.stringify({ e: "trade", s: "BTCUSDT", p: "67000.10", T: 1_800_000_000_123, E: 1_800_000_000_200 }), "btcusdt"),
    ).toEqual({
      price: "67000.10",
      time: 1_800_000_000_123,
    });
    expect(binanceTrade(JSON.stringify({ e: "aggTrade", s: "BTCUSDT", p: "67000.20", T: 5 }), "btcusdt")).toEqual({
      price: "67000.20",
      time: 5,
    });
    expect(binanceTrade(JSON.stringify({ e: "24hrMiniTicker", s: "BTCUSDT", c: "67000.30", p: "1", E: 7 }), "btcusdt")).toEqual({
      price: "67000.30",
      time: 7,
    });
    for (const text of [
      "",
      "null",
      "42",
      '"trade"',
      JSON.stringify({ e: "trade", s: "ETHUSDT", p: "1.0", T: 5 }),
      JSON.stringify({ e: "trade", s: "BTCUSDT", p: 67000.1, T: 5 }),
      JSON.stringify({ e: "trade", s: "BTCUSDT", p: "0.0000", T: 5 }),
      JSON.stringify({ e: "trade", s: "BTCUSDT", p: "NaN", T: 5 }),
      JSON.stringify({ e: "depthUpdate", s: "BTCUSDT", p: "1.0", T: 5 }),
      // a trade must say when it was made: without its time it cannot be placed in a second
      JSON.stringify({ e: "trade", s: "BTCUSDT", p: "67000.10" }),
      JSON.stringify({ e: "trade", s: "BTCUSDT", p: "67000.10", T: "1800000000123" }),
      JSON.stringify({ e: "trade", s: "BTCUSDT", p: "67000.10", T: 1.5 }),
      JSON.stringify({ e: "trade", s: "BTCUSDT", p: "67000.10", T: -1 }),
      JSON.stringify({ e: "trade", s: "BTCUSDT", p: "67000.10", E: 5 }),
    ])
      expect(binanceTrade(text, "btcusdt")).toBe(null);
  });

  it("believes a trade time up to 2 s old and at most 0.5 s ahead of our clock", () => {
    expect(tradeTimeRefusal(10_000, 12_000)).toBe(null);
    expect(tradeTimeRefusal(10_000, 12_001)).toBe("2.0 s old");
    expect(tradeTimeRefusal(10_500, 10_000)).toBe(null);
    expect(tradeTimeRefusal(10_501, 10_000)).toBe("0.5 s ahead of our clock");
  });

  it("knows the sources it can follow", () => {
    expect(parseFeedSource("simulated")).toEqual({ kind: "simulated" });
    expect(parseFeedSource("binance:ethusdt")).toEqual({ kind: "binance", symbol: "ethusdt" });
    for (const text of ["", "binance:", "binance:BTCUSDT", "kraken:xbtusd", "binance:btc/usdt"]) expect(parseFeedSource(text)).toBe(null);
  });
});

describe("the seconds a real-fed product records", () => {
  const open = () => true;
  /** trades as heard, each [exchange time in ms, price] */
  const trades = (...heard: Array<[number, number]>) => heard.map(([time, price]) => ({ time, price }));

  it("records each second's last trade by exchange time, nothing for a second without one, and never a trade after the second", () => {
    const { ticks, later } = liveSeconds({
      heard: trades(
        [102_200, 10],
        [102_900, 11],
        // made at 103.000 exactly: it belongs to second 103, the one it had happened by
        [103_000, 12],
        [104_500, 13],
        // arrived after a later trade but made before it: the later trade stays the second's price
        [104_400, 14],
        [105_100, 15],
      ),
      from: 100,
      to: 105,
      isOpen: open,
    });
    expect(ticks).toEqual([
      { time: 103, price: 12 },
      { time: 105, price: 13 },
    ]);
    expect(later).toEqual([{ time: 105_100, price: 15 }]);
  });

  it("drops a trade of a second already recorded or more than 3 s past, skips closed seconds", () => {
    const result = liveSeconds({
      heard: trades([151_500, 9], [152_500, 20], [153_500, 21], [155_500, 22], [156_500, 23]),
      from: 152,
      to: 158,
      isOpen: (time) => time !== 157,
    });
    expect(result.ticks).toEqual([{ time: 156, price: 22 }]);
    expect(result.later).toEqual([]);
  });

  it("keeps every trade, in the order heard, until the feed takes it", () => {
    const heard = new HeardPrices();
    heard.add("btcusdt", 1000, "1");
    heard.add("btcusdt", 1999, "2");
    heard.add("btcusdt", 1999, "3");
    heard.add("ethusdt", 2000, "4");
    expect(heard.take("btcusdt")).toEqual([
      { time: 1000, price: "1" },
      { time: 1999, price: "2" },
      { time: 1999, price: "3" },
    ]);
    expect(heard.take("btcusdt")).toEqual([]);
    expect(heard.take("ethusdt")).toEqual([{ time: 2000, price: "4" }]);
  });
});

describe("the outlier rule", () => {
  const STALE = 10_000;
  const run = (filter: OutlierFilter, trades: Array<[number, number]>, recorded?: { price: number; time: number }) =>
    trades.map(([time, price]) => filter.judge({ time, price }, STALE, recorded));

  it("holds back a trade more than 5 % from the median of the recent trades; the market trading on drops it", () => {
    const filter = new OutlierFilter();
    const judged = run(
      filter,
      [
        [1000, 10_000],
        [1100, 10_020],
        [1200, 10_010],
        [1300, 9_510],
        [1400, 10_501],
        [1500, 5_000],
        [1600, 10_030],
      ],
      { price: 10_000, time: 1 },
    );
    expect(judged.map((judgement) => judgement.accepted.map((trade) => trade.price))).toEqual([
      [10_000],
      [10_020],
      [10_010],
      [9_510],
      [],
      [],
      [10_030],
    ]);
    expect(judged[4]).toMatchObject({ held: { price: 10_501 } });
    expect(judged[5]).toMatchObject({ held: { price: 5_000 } });
  });

  it("takes the last recorded price as the recent one while it is recent enough", () => {
    const recent = new OutlierFilter();
    expect(run(recent, [[20_000, 10_400]], { price: 10_000, time: 15 })[0]!.accepted).toEqual([{ time: 20_000, price: 10_400 }]);
    const wild = new OutlierFilter();
    expect(run(wild, [[20_000, 5_000]], { price: 10_000, time: 15 })[0]).toMatchObject({
      accepted: [],
      held: { price: 5_000 },
      reference: 10_000,
    });
    // recorded longer ago than the stale seconds: the first price needs confirming
    const old = new OutlierFilter();
    expect(run(old, [[20_000, 10_000]], { price: 10_000, time: 9 })[0]).toMatchObject({ accepted: [], reference: undefined });
  });

  it("accepts a move once three trades in a row agree with each other over at least a second", () => {
    const filter = new OutlierFilter();
    run(filter, [[1000, 10_000]], { price: 10_000, time: 1 });
    const judged = run(filter, [
      [2000, 9_000],
      [2100, 9_010],
      [2900, 9_020],
      // a fill far from the others starts the count over
      [3000, 7_000],
      [3100, 9_000],
      [3500, 9_010],
      [4200, 9_005],
      [4300, 9_015],
    ]);
    expect(judged.map((judgement) => judgement.accepted.length)).toEqual([0, 0, 0, 0, 0, 0, 3, 1]);
    expect(judged[6]!.accepted.map((trade) => trade.price)).toEqual([9_000, 9_010, 9_005]);
  });

  it("forgets the recent price after the stale seconds without a trade", () => {
    const filter = new OutlierFilter();
    run(filter, [[1000, 10_000]], { price: 10_000, time: 1 });
    expect(run(filter, [[11_000, 10_000]])[0]!.accepted).toHaveLength(1);
    expect(run(filter, [[21_001, 10_000]])[0]).toMatchObject({ accepted: [], reference: undefined });
  });
});

describe("the reconnecting socket", () => {
  it("drops a connection that stops answering pings and opens a new one", async () => {
    const server = new WebSocketServer({ host: "127.0.0.1", port: 0, autoPong: false });
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    let connections = 0;
    server.on("connection", () => connections++);
    const logs: string[] = [];
    const socket = new ReconnectingSocket({
      url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ws/x@trade`,
      onMessage: () => {},
      log: (message) => logs.push(message),
      backoff: { baseMs: 10, maxMs: 20 },
      heartbeatMs: 50,
    });
    try {
      socket.start();
      await until(() => connections >= 2);
      expect(logs.some((line) => line.includes("no answer within 50 ms"))).toBe(true);
    } finally {
      await socket.stop();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
