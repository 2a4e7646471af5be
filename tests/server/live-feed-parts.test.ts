import type { AddressInfo } from "node:net";

import { describe, expect, it } from "vitest";
import { WebSocketServer } from "ws";

import { backoffDelay } from "#server/market/backoff";
import { binancePrice } from "#server/market/binance-message";
import { scaledPrice } from "#server/market/exchange-price";
import { parseFeedSource } from "#server/market/feed-source";
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

  it("reads trades, aggregated trades and mini tickers of the symbol, and nothing else", () => {
    expect(binancePrice(JSON.stringify({ e: "trade", s: "BTCUSDT", p: "67000.10" }), "btcusdt")).toBe("67000.10");
    expect(binancePrice(JSON.stringify({ e: "aggTrade", s: "BTCUSDT", p: "67000.20" }), "btcusdt")).toBe("67000.20");
    expect(binancePrice(JSON.stringify({ e: "24hrMiniTicker", s: "BTCUSDT", c: "67000.30", p: "1" }), "btcusdt")).toBe("67000.30");
    for (const text of [
      "",
      "null",
      "42",
      '"trade"',
      JSON.stringify({ e: "trade", s: "ETHUSDT", p: "1.0" }),
      JSON.stringify({ e: "trade", s: "BTCUSDT", p: 67000.1 }),
      JSON.stringify({ e: "trade", s: "BTCUSDT", p: "0.0000" }),
      JSON.stringify({ e: "trade", s: "BTCUSDT", p: "NaN" }),
      JSON.stringify({ e: "depthUpdate", s: "BTCUSDT", p: "1.0" }),
    ])
      expect(binancePrice(text, "btcusdt")).toBe(null);
  });

  it("knows the sources it can follow", () => {
    expect(parseFeedSource("simulated")).toEqual({ kind: "simulated" });
    expect(parseFeedSource("binance:ethusdt")).toEqual({ kind: "binance", symbol: "ethusdt" });
    for (const text of ["", "binance:", "binance:BTCUSDT", "kraken:xbtusd", "binance:btc/usdt"]) expect(parseFeedSource(text)).toBe(null);
  });
});

describe("the seconds a real-fed product records", () => {
  const open = () => true;

  it("carries the last price heard into each second, up to the tolerance, and invents nothing before the first", () => {
    const { ticks, last, later } = liveSeconds({
      heard: [
        { time: 103.2, price: 10 },
        { time: 103.9, price: 11 },
        { time: 105.5, price: 12 },
      ],
      from: 100,
      to: 112,
      toleranceSeconds: 3,
      isOpen: open,
    });
    expect(ticks).toEqual([
      { time: 103, price: 11 },
      { time: 104, price: 11 },
      { time: 105, price: 12 },
      { time: 106, price: 12 },
      { time: 107, price: 12 },
      { time: 108, price: 12 },
    ]);
    expect(last).toEqual({ time: 105.5, price: 12 });
    expect(later).toEqual([]);
  });

  it("resumes after a silence at the next price heard, skips closed seconds, and keeps what was heard after `to`", () => {
    const result = liveSeconds({
      heard: [
        { time: 210.1, price: 20 },
        { time: 212.4, price: 21 },
      ],
      last: { time: 150.5, price: 9 },
      from: 152,
      to: 211,
      toleranceSeconds: 5,
      isOpen: (time) => time !== 211,
    });
    expect(result.ticks).toEqual([
      { time: 153, price: 9 },
      { time: 154, price: 9 },
      { time: 155, price: 9 },
      { time: 210, price: 20 },
    ]);
    expect(result.last).toEqual({ time: 210.1, price: 20 });
    expect(result.later).toEqual([{ time: 212.4, price: 21 }]);
  });

  it("keeps only the last price of each second until the feed takes it", () => {
    const heard = new HeardPrices();
    heard.add("btcusdt", 1000, "1");
    heard.add("btcusdt", 1999, "2");
    heard.add("btcusdt", 2000, "3");
    heard.add("ethusdt", 2000, "4");
    expect(heard.take("btcusdt")).toEqual([
      { at: 1999, price: "2" },
      { at: 2000, price: "3" },
    ]);
    expect(heard.take("btcusdt")).toEqual([]);
    expect(heard.take("ethusdt")).toEqual([{ at: 2000, price: "4" }]);
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
