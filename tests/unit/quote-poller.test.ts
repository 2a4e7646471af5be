import { describe, expect, it, vi } from "vitest";

import type { LatestQuote } from "#contract/markets";

import { MAX_BACKOFF_MS, POLL_MS, QuotePoller } from "../../src/workers/quote-poller";

const quote = (id: number, price: string, time = 1): LatestQuote => ({
  id,
  price,
  time,
  status: "open",
  simulated: true,
  source: "simulated",
  stale: false,
  nextOpen: null,
});

function setup(fetchQuotes: (pids: number[]) => Promise<LatestQuote[]>) {
  const scheduled: Array<{ callback: () => void; ms: number; cancelled: boolean }> = [];
  const reports: LatestQuote[][] = [];
  const fetch = vi.fn(fetchQuotes);
  const poller = new QuotePoller({
    fetchQuotes: fetch,
    report: (changed) => reports.push(changed),
    schedule: (callback, ms) => {
      const entry = { callback, ms, cancelled: false };
      scheduled.push(entry);
      return () => void (entry.cancelled = true);
    },
  });
  const pending = () => scheduled.filter((entry) => !entry.cancelled);
  /** Runs the one pending timer, as the clock would. */
  const fire = async () => {
    const next = pending();
    expect(next).toHaveLength(1);
    next[0]!.cancelled = true;
    next[0]!.callback();
    await vi.waitFor(() => expect(pending().length).toBeGreaterThan(0));
  };
  return { poller, fetch, reports, pending, fire };
}

describe("quote poller", () => {
  it("polls the watched products once a second and reports only changes", async () => {
    let price = "1.00";
    const t = setup(async (pids) => pids.map((id) => quote(id, id === 1 ? price : "5.00")));
    t.poller.watch([2, 1, 2]);
    await t.fire();
    expect(t.fetch).toHaveBeenLastCalledWith([1, 2]);
    expect(t.reports).toEqual([[quote(1, "1.00"), quote(2, "5.00")]]);
    expect(t.pending()[0]!.ms).toBe(POLL_MS);
    await t.fire();
    expect(t.reports).toHaveLength(1); // nothing changed: nothing posted
    price = "1.01";
    await t.fire();
    expect(t.reports.at(-1)).toEqual([quote(1, "1.01")]);
  });

  it("pauses while hidden or offline and resumes at once", async () => {
    const t = setup(async (pids) => pids.map((id) => quote(id, "1.00")));
    t.poller.watch([1]);
    t.poller.setVisible(false);
    expect(t.pending()).toHaveLength(0);
    t.poller.setVisible(true);
    expect(t.pending()[0]!.ms).toBe(0);
    t.poller.setOnline(false);
    expect(t.pending()).toHaveLength(0);
    t.poller.setOnline(true);
    expect(t.pending()).toHaveLength(1);
  });

  it("backs off on errors, capped, and returns to one second after a success", async () => {
    let failing = true;
    const t = setup(async (pids) => {
      if (failing) throw new Error("down");
      return pids.map((id) => quote(id, "1.00"));
    });
    t.poller.watch([1]);
    const delays: number[] = [];
    for (let i = 0; i < 7; i++) {
      await t.fire();
      delays.push(t.pending()[0]!.ms);
    }
    expect(delays).toEqual([2000, 4000, 8000, 16000, MAX_BACKOFF_MS, MAX_BACKOFF_MS, MAX_BACKOFF_MS]);
    failing = false;
    await t.fire();
    expect(t.pending()[0]!.ms).toBe(POLL_MS);
  });

  it("does not poll with nothing to watch", () => {
    const t = setup(async () => []);
    t.poller.watch([]);
    expect(t.pending()).toHaveLength(0);
  });
});
