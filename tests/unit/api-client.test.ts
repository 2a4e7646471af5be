import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { REQUEST_TIMEOUT_MS } from "#contract/constants";
import { apiPaths } from "#contract/paths";

import { call, definedFields, onUnauthorized } from "../../src/api/client";
import { store } from "../../src/ui/store";
import { toastsAtom } from "../../src/ui/toast";

const fetchMock = vi.fn();

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  localStorage.clear();
  store.set(toastsAtom, []);
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe("api client", () => {
  it("posts form-urlencoded to the page's own host with language, lang and token headers", async () => {
    localStorage.setItem("language", "jp");
    localStorage.setItem("token", "tok123");
    fetchMock.mockResolvedValueOnce(answer(200, { code: 1, msg: "ok", data: { a: 1 } }));
    const result = await call(apiPaths.login, { account: "demo", password: "p w&=", skipped: undefined });
    const request = fetchMock.mock.calls[0]![0] as Request;
    expect(request.url).toBe("http://127.0.0.1:8080/api/login/index");
    expect(request.method).toBe("POST");
    expect(request.headers.get("language")).toBe("jp");
    expect(request.headers.get("lang")).toBe("jp");
    expect(request.headers.get("token")).toBe("tok123");
    expect(request.headers.get("content-type")).toContain("application/x-www-form-urlencoded");
    // (happy-dom drains a cloned request's body, so the encoding is checked on its own below)
    expect(result).toEqual({ code: 1, msg: "ok", data: { a: 1 } });
  });

  it("encodes fields as a form, leaving out undefined ones", () => {
    const body = new URLSearchParams(definedFields({ account: "demo", password: "p w&=", amount: 10, skipped: undefined }));
    expect(body.toString()).toBe("account=demo&password=p+w%26%3D&amount=10");
  });

  it("sends GET fields as a query, lang defaulting to en and no token when logged out", async () => {
    fetchMock.mockResolvedValueOnce(answer(200, { code: 1, msg: "ok", data: null }));
    await call(apiPaths.userInfo, { page: 2 });
    const request = fetchMock.mock.calls[0]![0] as Request;
    expect(request.url).toBe("http://127.0.0.1:8080/api/user/index?page=2");
    expect(request.headers.get("lang")).toBe("en");
    expect(request.headers.has("token")).toBe(false);
  });

  it("passes a refusal on whole and toasts its msg", async () => {
    const refusal = { code: 0, msg: "Wrong account or password, try again", err: "wrong_password", data: null };
    fetchMock.mockResolvedValueOnce(answer(422, refusal));
    expect(await call(apiPaths.login, {})).toEqual(refusal);
    expect(store.get(toastsAtom).map((t) => t.text)).toEqual([refusal.msg]);
  });

  it("turns a network failure into the network-error envelope", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    const result = await call(apiPaths.login, {});
    expect(result).toMatchObject({ code: 0, err: "network_error", msg: "Network error", data: null });
  });

  it("turns a non-JSON answer (a proxy's error page) into the network-error envelope", async () => {
    fetchMock.mockResolvedValueOnce(new Response("<html>502</html>", { status: 502 }));
    expect(await call(apiPaths.login, {})).toMatchObject({ err: "network_error" });
  });

  it("tells the app about a 401 instead of toasting it, unless the caller expects it", async () => {
    const handler = vi.fn();
    onUnauthorized(handler);
    const dead = { code: 401, msg: "Please log in first", err: "login_required", data: null };
    fetchMock.mockResolvedValueOnce(answer(401, dead));
    await call(apiPaths.userInfo);
    expect(handler).toHaveBeenCalledTimes(1);
    fetchMock.mockResolvedValueOnce(answer(401, dead));
    await call(apiPaths.userInfo, {}, { expectLoggedOut: true });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(store.get(toastsAtom)).toEqual([]);
  });

  it("sends a refused POST once: no retry may repeat a money request", async () => {
    fetchMock.mockResolvedValue(answer(503, { code: 0, msg: "Busy", err: "busy", data: null }));
    await call(apiPaths.login, {}, { quiet: true });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("gives up after the request timeout with the network-error envelope", async () => {
    vi.useFakeTimers();
    try {
      fetchMock.mockImplementationOnce(
        (request: Request) =>
          new Promise((_, reject) => request.signal.addEventListener("abort", () => reject(request.signal.reason), { once: true })),
      );
      const pending = call(apiPaths.userInfo, {}, { quiet: true });
      await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS + 1);
      expect(await pending).toMatchObject({ err: "network_error" });
    } finally {
      vi.useRealTimers();
    }
  });
});
