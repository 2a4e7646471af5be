import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { publishUpdate, setStreamLive } from "@/api/updates";
import { useSettlementWatch } from "@/features/trading/use-settlement-watch";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const check = vi.fn();
function Page({ open, due }: { open: number[]; due: number[] }) {
  useSettlementWatch(open, due, check, 1000);
  return null;
}

let container: HTMLDivElement;
let root: Root;
const render = (open: number[], due: number[]) => act(() => root.render(<Page open={open} due={due} />));
const settled = (orderId: number) =>
  act(() => publishUpdate({ id: orderId * 10, kind: "order_settled", data: { orderId, pid: 1, result: "win" } }));
const tick = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

beforeEach(() => {
  vi.useFakeTimers();
  check.mockReset();
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  act(() => setStreamLive(false));
  container.remove();
  vi.useRealTimers();
});

describe("finding out when the page's orders settle", () => {
  it("with the stream: the settlement's event names the order at once, and nothing is asked on a timer", async () => {
    act(() => setStreamLive(true));
    render([1, 2], [1]);
    await tick(5000);
    expect(check).not.toHaveBeenCalled();
    settled(2);
    expect(check).toHaveBeenCalledWith([2]);
    // another customer's order, or one this page does not show, is none of its business
    settled(9);
    expect(check).toHaveBeenCalledTimes(1);
  });

  it("without it: the orders whose time is up are asked about every period; when it comes back, once", async () => {
    render([1, 2], [1]);
    await tick(3000);
    expect(check.mock.calls).toEqual([[[1]], [[1]], [[1]]]);
    check.mockReset();
    act(() => setStreamLive(true));
    expect(check.mock.calls).toEqual([[[1]]]);
    await tick(3000);
    expect(check).toHaveBeenCalledTimes(1);
  });

  it("stops listening when the page is left", async () => {
    act(() => setStreamLive(true));
    render([1], [1]);
    act(() => root.unmount());
    root = createRoot(container);
    settled(1);
    expect(check).not.toHaveBeenCalled();
  });
});
