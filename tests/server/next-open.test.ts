import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { marketStatus, nextOpen } from "#server/market/calendar";

import { api, type Harness, startHarness } from "./harness";

const at = (iso: string) => Date.parse(iso) / 1000;
const iso = (seconds: number | null) => (seconds === null ? null : new Date(seconds * 1000).toISOString());

describe("the next open of each calendar", () => {
  it("is null while the market trades, and for crypto always", () => {
    expect(nextOpen("fx24x5", at("2027-01-13T12:00:00Z"))).toBeNull();
    expect(nextOpen("crypto247", at("2027-01-16T12:00:00Z"))).toBeNull();
  });

  it("forex and metals reopen on Sunday at 17:00 New York time", () => {
    // Saturday noon UTC (winter: New York is UTC-5)
    expect(iso(nextOpen("fx24x5", at("2027-01-16T12:00:00Z")))).toBe("2027-01-17T22:00:00.000Z");
    // Friday 17:00 New York, the moment the week closes
    expect(iso(nextOpen("fx24x5", at("2027-01-15T22:00:00Z")))).toBe("2027-01-17T22:00:00.000Z");
    // summer time: New York is UTC-4
    expect(iso(nextOpen("fx24x5", at("2027-07-10T12:00:00Z")))).toBe("2027-07-11T21:00:00.000Z");
  });

  it("futures reopen after the daily break at 18:00 New York time", () => {
    const inBreak = at("2027-01-13T22:30:00Z");
    expect(marketStatus("cme_globex", inBreak)).toBe("not_trading_time");
    expect(iso(nextOpen("cme_globex", inBreak))).toBe("2027-01-13T23:00:00.000Z");
  });

  it("US stocks open at 09:30 New York time on the next trading day, skipping weekends and holidays", () => {
    // Friday 03:00 New York: later the same morning
    expect(iso(nextOpen("us_equity", at("2027-01-15T08:00:00Z")))).toBe("2027-01-15T14:30:00.000Z");
    // Friday after the close: Monday the 18th is Martin Luther King Jr. Day, so Tuesday
    expect(iso(nextOpen("us_equity", at("2027-01-15T21:05:00Z")))).toBe("2027-01-19T14:30:00.000Z");
  });

  it("answers the same within a half hour, and the next session once one has passed", () => {
    const a = nextOpen("us_equity", at("2027-01-15T08:00:00Z"));
    const b = nextOpen("us_equity", at("2027-01-15T08:29:59Z"));
    expect(a).toBe(b);
    expect(iso(nextOpen("us_equity", at("2027-01-15T14:29:59Z")))).toBe("2027-01-15T14:30:00.000Z");
    expect(nextOpen("us_equity", at("2027-01-15T14:30:00Z"))).toBeNull();
  });
});

describe("quotes carry the next open", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(); // Friday 2027-01-15 08:00 UTC
  });
  afterAll(() => h.close());

  it("in the product list, the latest quotes and a product's detail, for markets not trading now", async () => {
    const list = (await api(h, "GET", "/api/index/ajaxdata")).body.data as Array<{ id: number; code: string; nextOpen: number | null }>;
    const byCode = Object.fromEntries(list.map((p) => [p.code, p]));
    expect(byCode.BTCUSDT!.nextOpen).toBeNull();
    expect(byCode.EURUSD!.nextOpen).toBeNull();
    expect(iso(byCode.AAPL!.nextOpen)).toBe("2027-01-15T14:30:00.000Z");
    const detail = (await api(h, "GET", "/api/index/getprodata", { pid: String(byCode.AAPL!.id) })).body.data;
    expect(detail.nextOpen).toBe(byCode.AAPL!.nextOpen);
    const latest = (await api(h, "GET", "/api/index/ajaxpro", { pids: `${byCode.AAPL!.id},${byCode.BTCUSDT!.id}` })).body.data;
    expect(latest.map((q: { nextOpen: number | null }) => q.nextOpen)).toEqual([byCode.AAPL!.nextOpen, null]);
  });
});
