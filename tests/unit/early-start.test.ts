import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { apiPaths } from "#contract/paths";

import { routePathOf } from "../../build/early-start";
import { call } from "../../src/api/client";
import type { EarlyAnswers } from "../../src/api/early-answers";

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

  it("a call with fields is never answered early", async () => {
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
