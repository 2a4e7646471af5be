import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { knowHolding, KNOWN_SLACK_SECONDS, noticeCandidates, type NoticeMemory, ordersToNotice } from "@/features/trading/settle-notices";
import { noticesWanted, RESULT_NOTICE_MESSAGE, showResultNotice, writeResultNotices } from "@/ui/result-notices";
import type { Order } from "#contract/trading";

import { holdingOrder } from "./order-fixture";

const holding: Order = holdingOrder({
  code: "EURUSD",
  name: "EUR/USD",
  precision: 5,
  amount: "10.00",
  fee: "0.10",
  openPrice: "1.08000",
});
const settledAt = (order: Order, at: number): Order => ({
  ...order,
  status: "closed",
  voidReason: null,
  resultAt: null,
  settledAt: at,
  closePrice: "1.08100",
  result: "win",
  profit: "8.00",
  payout: "18.00",
});
const fresh = (): NoticeMemory => ({ knownSince: new Map(), noticed: new Set() });

describe("which settled orders deserve a notice", () => {
  it("notices an order seen holding that settled afterwards, once", () => {
    const memory = fresh();
    knowHolding(memory, [holding], 1010);
    const settled = settledAt(holding, 1031);
    expect(ordersToNotice(memory, [settled])).toEqual([settled]);
    memory.noticed.add(settled.id);
    expect(ordersToNotice(memory, [settled])).toEqual([]);
  });

  it("never notices an order the page did not see holding, nor one still holding", () => {
    const memory = fresh();
    expect(ordersToNotice(memory, [settledAt(holding, 1031)])).toEqual([]);
    knowHolding(memory, [holding], 1010);
    expect(ordersToNotice(memory, [holding])).toEqual([]);
  });

  it("never notices an order that had settled before the page first saw it holding (a saved copy, a stale list)", () => {
    const memory = fresh();
    knowHolding(memory, [holding], 1100);
    expect(ordersToNotice(memory, [settledAt(holding, 1100 - KNOWN_SLACK_SECONDS - 1)])).toEqual([]);
    // settled while the answer that showed it holding was on its way: still a settlement the page saw
    expect(ordersToNotice(memory, [settledAt(holding, 1100 - KNOWN_SLACK_SECONDS)])).toHaveLength(1);
  });

  it("keeps the first sighting and ignores orders shown closed", () => {
    const memory = fresh();
    knowHolding(memory, [holding], 1010);
    knowHolding(memory, [holding, settledAt({ ...holding, id: 8 }, 1005)], 1200);
    expect(memory.knownSince).toEqual(new Map([[7, 1010]]));
  });

  it("fetches only ids gone from the holding list that were known and not noticed yet", () => {
    const memory = fresh();
    knowHolding(memory, [holding, { ...holding, id: 8 }], 1010);
    memory.noticed.add(8);
    expect(noticeCandidates(memory, [7, 8, 9])).toEqual([7]);
  });
});

describe("showing a notice", () => {
  const posted: unknown[] = [];
  let visibility: DocumentVisibilityState = "visible";
  beforeEach(() => {
    posted.length = 0;
    localStorage.clear();
    visibility = "visible";
    vi.stubGlobal("Notification", { permission: "granted", requestPermission: async () => "granted" });
    Object.defineProperty(navigator, "serviceWorker", {
      configurable: true,
      value: { ready: Promise.resolve({ active: { postMessage: (message: unknown) => posted.push(message) } }) },
    });
    vi.spyOn(document, "visibilityState", "get").mockImplementation(() => visibility);
    vi.spyOn(document, "hasFocus").mockReturnValue(true);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("is wanted only when the customer opted in and the page is hidden or unfocused", () => {
    expect(noticesWanted(5)).toBe(false);
    writeResultNotices(5, true);
    expect(noticesWanted(5)).toBe(false);
    visibility = "hidden";
    expect(noticesWanted(5)).toBe(true);
    expect(noticesWanted(6)).toBe(false);
    visibility = "visible";
    vi.mocked(document.hasFocus).mockReturnValue(false);
    expect(noticesWanted(5)).toBe(true);
  });

  it("goes to the service worker once per tag, whichever tab asks again", async () => {
    const notice = { tag: "order-result-7", title: "Won +7.90 U · EUR/USD", body: "Open 1.08000 → close 1.08100", url: "#/x" };
    await showResultNotice(notice);
    await showResultNotice(notice);
    await showResultNotice({ ...notice, tag: "order-result-8" });
    expect(posted).toEqual([
      { type: RESULT_NOTICE_MESSAGE, notice },
      { type: RESULT_NOTICE_MESSAGE, notice: { ...notice, tag: "order-result-8" } },
    ]);
  });
});
