import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { apiPaths } from "#contract/paths";

import { routePathOf } from "../../build/early-start";
import { call } from "../../src/api/client";
import type { EarlyAnswers } from "../../src/api/early-answers";
import { tradeCalls } from "../../src/early-start";
import { fetchTradeScreen } from "../../src/features/trading/api";

const fetchMock = vi.fn();
const holder = globalThis as { earlyAnswers?: EarlyAnswers };

const answer = (data: unknown) =>
  new Response(JSON.stringify({ code: 1, msg: "ok", data }), { headers: { "content-type": "application/json" } });

beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  localStorage.clear();
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  delete holder.earlyAnswers;
});

describe("the first screen's reads sent before the app arrived", () => {
  it("the app's first identical GET takes the early answer instead of asking again, and only once", async () => {
    localStorage.setItem("token", "tok1");
    localStorage.setItem("language", "de");
    holder.earlyAnswers = new Map([
      ["/api/index/ajaxdata", { token: "tok1", language: "de", response: Promise.resolve(answer(["early"])) }],
    ]);
    expect(await call(apiPaths.products)).toMatchObject({ code: 1, data: ["early"] });
    expect(fetchMock).not.toHaveBeenCalled();

    fetchMock.mockResolvedValueOnce(answer(["asked"]));
    expect(await call(apiPaths.products)).toMatchObject({ code: 1, data: ["asked"] });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("an early answer made with another token or language is not used", async () => {
    localStorage.setItem("token", "tok2");
    holder.earlyAnswers = new Map([
      ["/api/user/index", { token: "old-token", language: "en", response: Promise.resolve(answer({ account: "someone else" })) }],
      ["/api/index/home", { token: "tok2", language: "fr", response: Promise.resolve(answer({ banners: ["in French"] })) }],
    ]);
    fetchMock.mockResolvedValueOnce(answer({ account: "me" })).mockResolvedValueOnce(answer({ banners: [] }));
    expect(await call(apiPaths.userInfo, {}, { expectLoggedOut: true })).toMatchObject({ data: { account: "me" } });
    expect(await call(apiPaths.home)).toMatchObject({ data: { banners: [] } });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("the trade screen's first reads, asked for early from the address's search, are the very calls its loader makes", async () => {
    expect(tradeCalls("pid=11")).toEqual([
      "/api/index/getprodata?pid=11",
      "/api/index/getkdata?pid=11&period=1m&limit=300",
      "/api/index/goods?pid=11",
    ]);
    expect(tradeCalls("pid=7&period=5m&candles=1000")[1]).toBe("/api/index/getkdata?pid=7&period=5m&limit=1000");
    // what the route's search would not take falls back to its defaults; no product, nothing to read
    expect(tradeCalls("pid=7&period=2m&candles=10")[1]).toBe("/api/index/getkdata?pid=7&period=1m&limit=300");
    expect(tradeCalls("period=5m")).toEqual([]);
    expect(tradeCalls("pid=abc")).toEqual([]);

    localStorage.setItem("token", "tok3");
    const early = (data: unknown) => ({ token: "tok3", language: "en", response: Promise.resolve(answer(data)) });
    const [detail, candles, goods] = tradeCalls("pid=11&period=15m&candles=500");
    holder.earlyAnswers = new Map([
      [detail!, early({ id: 11, name: "Gold" })],
      [candles!, early([])],
      [goods!, early({ balance: "12.00" })],
    ]);
    expect(await fetchTradeScreen(11, "15m", 500)).toMatchObject({
      code: 1,
      data: { detail: { name: "Gold" }, goods: { balance: "12.00" } },
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("a call with other fields than an early answer's is not answered by it", async () => {
    holder.earlyAnswers = new Map([["/api/index/ajaxdata", { token: null, language: "en", response: Promise.resolve(answer(["early"])) }]]);
    fetchMock.mockResolvedValueOnce(answer(["crypto only"]));
    expect(await call(apiPaths.products, { market: "crypto" } as never)).toMatchObject({ data: ["crypto only"] });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("route files map to the hash paths the early script reads", () => {
    expect(routePathOf("index")).toBe("/");
    expect(routePathOf("_auth/pages/trade/trade")).toBe("/pages/trade/trade");
    expect(routePathOf("_auth/pages/user/user")).toBe("/pages/user/user");
    expect(routePathOf("pages/index/[index]")).toBe("/pages/index/index");
  });
});
