import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from "@tanstack/react-router";
import { act } from "react";
import type { Root } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";

import type { AdjustmentForOps } from "#contract/adjustments";
import type { ListPage } from "#contract/lists";

import { parseSearchText, searchText } from "../../console/list-params";
import { AdjustmentsPage } from "../../console/pages/AdjustmentsPage";
import { renderInConsole } from "./console-root";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The console's stream as the page holds it: the test feeds it events. */
/** The console keeps one stream for a while after a page goes, so a later test may be handed an earlier one. */
class FakeSource {
  static all: FakeSource[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((message: { data: string; lastEventId: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSource.all.push(this);
  }
  close() {}
}

const row = (id: number, over: Partial<AdjustmentForOps> = {}): AdjustmentForOps => ({
  id,
  userId: 7,
  account: "ann",
  direction: "credit",
  amount: "12.50",
  reason: `reason ${id}`,
  corrects: null,
  status: "pending",
  proposedBy: 2,
  proposedByName: "alice",
  proposedAt: 1_795_000_000,
  decidedByName: null,
  decidedAt: null,
  decisionNote: null,
  ...over,
});

const page = (items: AdjustmentForOps[]): ListPage<AdjustmentForOps> => ({
  items,
  total: items.length,
  totalCapped: false,
  next: null,
  previous: null,
});

let root: Root | null = null;
let host: HTMLElement | null = null;
afterEach(() => {
  act(() => root?.unmount());
  host?.remove();
  vi.unstubAllGlobals();
});

/** Shows the page at `url` to operator 1 (finance), the server answering the list with `answer(query)`. */
async function show(url: string, answer: (query: URLSearchParams) => ListPage<AdjustmentForOps>) {
  const asked: URLSearchParams[] = [];
  vi.stubGlobal("EventSource", FakeSource);
  vi.stubGlobal(
    "fetch",
    vi.fn(async (request: Request) => {
      const target = new URL(request.url);
      if (target.pathname === "/api/ops/stream_ticket") return new Response(JSON.stringify({ code: 1, msg: "", data: { ticket: "t1" } }));
      asked.push(target.searchParams);
      return new Response(JSON.stringify({ code: 1, msg: "", data: answer(target.searchParams) }));
    }),
  );
  const rootRoute = createRootRoute({ component: Outlet });
  const route = createRoute({ getParentRoute: () => rootRoute, path: "/adjustments", component: AdjustmentsPage });
  const router = createRouter({
    routeTree: rootRoute.addChildren([route]),
    history: createMemoryHistory({ initialEntries: [url] }),
    parseSearch: parseSearchText,
    stringifySearch: searchText,
  });
  const shown = await renderInConsole(<RouterProvider router={router} />, { id: 1, username: "bert", role: "finance", pending: null });
  root = shown.root;
  host = shown.host;
  return { view: shown.host, asked, router };
}

describe("the adjustments page", () => {
  it("lists the view in the URL on the shared list: filters, the export of that view, and who may decide each row", async () => {
    const { view, asked } = await show("/adjustments?status=all&proposer=alice&minAmount=10", () =>
      page([row(5), row(4, { proposedBy: 1, proposedByName: "bert" }), row(3, { status: "applied", decidedByName: "carol" })]),
    );
    await vi.waitFor(() => expect(view.querySelector("[data-testid=adjustment-5]")).not.toBeNull());
    expect(Object.fromEntries(asked.at(-1)!)).toEqual({ status: "all", proposer: "alice", minAmount: "10" });
    expect(view.querySelector<HTMLAnchorElement>("a[download]")!.getAttribute("href")).toBe(
      "/api/ops/adjustments/csv?status=all&minAmount=10&proposer=alice",
    );
    const bar = view.querySelector("form[role=search]")!;
    expect(bar.querySelector<HTMLSelectElement>("[name=status]")!.value).toBe("all");
    expect(bar.querySelector<HTMLInputElement>("[name=proposer]")!.value).toBe("alice");
    for (const name of ["since", "until", "maxAmount", "decider", "q"]) expect(bar.querySelector(`[name=${name}]`), name).not.toBeNull();
    // another person's proposal offers Apply; the operator's own does not; a decided one shows its outcome
    expect(view.querySelector("[data-testid=adjustment-5] button.approve")?.textContent).toBe("Apply");
    expect(view.querySelector("[data-testid=adjustment-4] button.approve")).toBeNull();
    expect(view.querySelector("[data-testid=adjustment-4]")!.textContent).toContain("Your proposal");
    expect(view.querySelector("[data-testid=adjustment-3]")!.textContent).toContain("Applied · carol");
    // amount and time are sortable headings
    expect([...view.querySelectorAll("th button.sort")].map((button) => button.textContent?.replace(/ [↕▼▲]$/, ""))).toEqual([
      "Amount",
      "Proposed",
    ]);
  });

  it("reads the list again when the stream tells of another person's proposal", async () => {
    let rows = [row(5)];
    const { view } = await show("/adjustments", () => page(rows));
    await vi.waitFor(() => expect(view.querySelector("[data-testid=adjustment-5]")).not.toBeNull());
    await vi.waitFor(() => expect(FakeSource.all.length).toBeGreaterThan(0));
    const stream = FakeSource.all.at(-1)!;
    rows = [row(6), row(5)];
    await act(async () => {
      stream.onopen?.();
      stream.onmessage?.({
        data: JSON.stringify({ kind: "adjustment_changed", data: { id: 6, change: "proposed" } }),
        lastEventId: "9",
      });
    });
    await vi.waitFor(() => expect(view.querySelector("[data-testid=adjustment-6]")).not.toBeNull());
  });

  it("says which list is empty, and when the filters select nothing", async () => {
    const waiting = await show("/adjustments", () => page([]));
    await vi.waitFor(() =>
      expect(waiting.view.querySelector("[data-testid=adjustments-empty]")?.textContent).toBe(
        "No adjustment is waiting for a second person.",
      ),
    );
    act(() => root?.unmount());
    host?.remove();
    const filtered = await show("/adjustments?status=applied&q=zed", () => page([]));
    await vi.waitFor(() =>
      expect(filtered.view.querySelector("[data-testid=adjustments-empty]")?.textContent).toBe("No adjustment matches these filters."),
    );
  });
});
