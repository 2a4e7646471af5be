import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { useSubmission } from "@/api/submission";
import { publishUpdate, setStreamLive } from "@/api/updates";
import { LIVE_REFRESH_MS, useLiveRefresh } from "@/ui/use-live-refresh";

const router = vi.hoisted(() => ({ invalidations: 0 }));
vi.mock("@tanstack/react-router", () => ({
  useRouter: () => ({
    invalidate: async () => {
      router.invalidations++;
    },
  }),
}));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let visibility: DocumentVisibilityState = "visible";
let submit: ReturnType<typeof useSubmission>["submit"];
function Page() {
  useLiveRefresh();
  submit = useSubmission().submit;
  return null;
}

let container: HTMLDivElement;
let root: Root;
beforeEach(() => {
  vi.useFakeTimers();
  router.invalidations = 0;
  visibility = "visible";
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => visibility });
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
  act(() => root.render(<Page />));
});
afterEach(() => {
  setStreamLive(false);
  act(() => root.unmount());
  container.remove();
  vi.useRealTimers();
});

const tick = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

describe("a page showing balances reads them again while open", () => {
  it("every few seconds while visible, not while hidden, at once when shown again", async () => {
    await tick(LIVE_REFRESH_MS * 3);
    expect(router.invalidations).toBe(3);
    visibility = "hidden";
    await tick(LIVE_REFRESH_MS * 3);
    expect(router.invalidations).toBe(3);
    visibility = "visible";
    await act(async () => void document.dispatchEvent(new Event("visibilitychange")));
    expect(router.invalidations).toBe(4);
  });

  it("when the window gets the focus back and after the app's own money action", async () => {
    await act(async () => void window.dispatchEvent(new Event("focus")));
    expect(router.invalidations).toBe(1);
    await act(async () => void (await submit({ amount: "10" }, async () => ({ code: 1 as const, msg: "ok", data: null }))));
    expect(router.invalidations).toBe(2);
    // a refused action moved nothing
    await act(
      async () =>
        void (await submit({ amount: "11" }, async () => ({ code: 0 as const, msg: "no", err: "invalid_input" as const, data: null }))),
    );
    expect(router.invalidations).toBe(2);
  });

  it("with an update stream held: reads on each event and when the stream comes back, and does not poll", async () => {
    act(() => setStreamLive(true));
    await tick(0);
    // the stream (re)opened: what it may have missed is read once
    expect(router.invalidations).toBe(1);
    await tick(LIVE_REFRESH_MS * 3);
    expect(router.invalidations).toBe(1);
    await act(async () => publishUpdate({ id: 7, kind: "order_settled", data: { orderId: 1, pid: 2, result: "win" } }));
    expect(router.invalidations).toBe(2);
    // lost: polling again
    act(() => setStreamLive(false));
    await tick(LIVE_REFRESH_MS * 2);
    expect(router.invalidations).toBe(4);
  });

  it("stops when the page is left", async () => {
    act(() => root.unmount());
    root = createRoot(container);
    await tick(LIVE_REFRESH_MS * 2);
    await act(async () => void window.dispatchEvent(new Event("focus")));
    expect(router.invalidations).toBe(0);
  });
});
