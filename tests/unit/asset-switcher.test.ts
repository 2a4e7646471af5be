import { afterEach, describe, expect, it } from "vitest";

import { assetList } from "@/features/trading/asset-search";
import { forgetRecentAsset, MAX_RECENT, readRecentAssets, rememberRecentAsset } from "@/features/trading/recent-assets";
import type { ProductQuote } from "#contract/markets";

const product = (id: number, code: string, name: string): ProductQuote => ({
  id,
  code,
  name,
  market: "forex",
  precision: 5,
  price: "1.00000",
  changePct: "0.00",
  prevClose: "1.00000",
  topPayoutRate: "0.9",
  status: "open",
  time: 0,
  simulated: true,
  source: "simulated",
  stale: false,
  nextOpen: null,
});

const PRODUCTS = [
  product(1, "EURUSD", "EUR/USD"),
  product(2, "XAUUSD", "黃金 XAU/USD"),
  product(3, "NVDA", "英偉達"),
  product(4, "BZ", "Pétrole Brent"),
  product(5, "AUDUSD", "AUD/USD"),
];
const codes = (list: ProductQuote[]) => list.map((p) => p.code);

describe("the asset switcher's list", () => {
  it("puts the favourites first, in the order starred, then the rest as listed", () => {
    expect(codes(assetList(PRODUCTS, [3, 1], ""))).toEqual(["NVDA", "EURUSD", "XAUUSD", "BZ", "AUDUSD"]);
    expect(codes(assetList(PRODUCTS, [], ""))).toEqual(codes(PRODUCTS));
  });

  it("finds by code or by the name shown, however the code is written, accents and case aside", () => {
    expect(codes(assetList(PRODUCTS, [], "eur/usd"))).toEqual(["EURUSD"]);
    expect(codes(assetList(PRODUCTS, [], "usd"))).toEqual(["EURUSD", "XAUUSD", "AUDUSD"]);
    expect(codes(assetList(PRODUCTS, [], "英偉"))).toEqual(["NVDA"]);
    expect(codes(assetList(PRODUCTS, [], "黃金"))).toEqual(["XAUUSD"]);
    expect(codes(assetList(PRODUCTS, [], "petrole"))).toEqual(["BZ"]);
    expect(codes(assetList(PRODUCTS, [5], "usd"))).toEqual(["AUDUSD", "EURUSD", "XAUUSD"]);
    expect(assetList(PRODUCTS, [], "zzz")).toEqual([]);
  });
});

describe("recent assets", () => {
  afterEach(() => localStorage.clear());

  it("keeps the last five opened, newest first, each once, per customer", () => {
    for (const pid of [1, 2, 3, 4, 5, 6]) rememberRecentAsset(7, { pid, name: `P${pid}` });
    expect(readRecentAssets(7).map((a) => a.pid)).toEqual([6, 5, 4, 3, 2]);
    expect(readRecentAssets(7)).toHaveLength(MAX_RECENT);
    rememberRecentAsset(7, { pid: 3, name: "P3 renamed" });
    expect(readRecentAssets(7).map((a) => a.pid)).toEqual([3, 6, 5, 4, 2]);
    expect(readRecentAssets(7)[0]!.name).toBe("P3 renamed");
    expect(readRecentAssets(8)).toEqual([]);
  });

  it("removes one on ×, and reads a damaged entry as none", () => {
    rememberRecentAsset(7, { pid: 1, name: "A" });
    rememberRecentAsset(7, { pid: 2, name: "B" });
    expect(forgetRecentAsset(7, 1).map((a) => a.pid)).toEqual([2]);
    expect(readRecentAssets(7).map((a) => a.pid)).toEqual([2]);
    localStorage.setItem("trade-recent-assets:7", "{not json");
    expect(readRecentAssets(7)).toEqual([]);
  });
});
