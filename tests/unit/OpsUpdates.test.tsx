import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import type { OpsRole } from "#contract/operators";
import type { OpsTopic } from "#contract/stream";

import { OperatorContext } from "../../console/operator-context";
import { OPS_POLL_MS, useOpsUpdates } from "../../console/use-ops-updates";

const server = vi.hoisted(() => ({ tickets: 0 }));
vi.mock("../../console/api", () => ({
  call: async () => ({ ticket: `ticket-${++server.tickets}` }),
}));

/** EventSource as the console uses it: the test opens, feeds and drops it. */
class FakeSource {
  static all: FakeSource[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((message: { data: string; lastEventId: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeSource.all.push(this);
  }
  close() {
    this.closed = true;
  }
}
const current = () => FakeSource.all.at(-1)!;

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let reloads = 0;
function Page(props: { topics: OpsTopic[] }) {
  useOpsUpdates(props.topics, () => reloads++);
  return null;
}

let container: HTMLDivElement;
let root: Root;
const tick = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

async function show(role: OpsRole, topics: OpsTopic[]) {
  await act(async () =>
    root.render(
      <OperatorContext.Provider value={{ id: 1, username: role, role, pending: null }}>
        <Page topics={topics} />
      </OperatorContext.Provider>,
    ),
  );
  await tick(0);
}

let eventId = 0;
const send = (kind: string, data: unknown) =>
  act(() => current().onmessage?.({ data: JSON.stringify({ kind, data }), lastEventId: String(++eventId) }));

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal("EventSource", FakeSource);
  FakeSource.all = [];
  reloads = 0;
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
});
afterEach(async () => {
  act(() => root.unmount());
  // the stream lingers a while for the next page, then closes
  await tick(60_000);
  container.remove();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("a console page kept current", () => {
  it("reads again when the stream opens and on an event of its topics, once for a burst, and never polls while it is held", async () => {
    await show("admin", ["recharge", "orders"]);
    expect(current().url).toMatch(/^\/api\/ops\/stream\?ticket=ticket-\d+$/);
    act(() => current().onopen?.());
    await send("queue_changed", { queue: "recharge", change: "submitted" });
    await send("order_placed", { orderId: 1, pid: 1 });
    await send("orders_settled", { count: 3 });
    await tick(1_000);
    // the opening and the three events: one read
    expect(reloads).toBe(1);
    await send("order_placed", { orderId: 2, pid: 1 });
    await tick(1_000);
    expect(reloads).toBe(2);
    // another page's topic is not this page's news
    await send("queue_changed", { queue: "verification", change: "submitted" });
    await tick(OPS_POLL_MS * 4);
    expect(reloads).toBe(2);
  });

  it("polls every 15 s while the stream is lost, and comes back with a new ticket after the last event it had", async () => {
    await show("finance", ["withdrawal"]);
    act(() => current().onopen?.());
    await send("queue_changed", { queue: "withdrawal", change: "submitted" });
    await tick(1_000);
    expect(reloads).toBe(1);
    const lost = current();
    act(() => lost.onerror?.());
    expect(lost.closed).toBe(true);
    await tick(OPS_POLL_MS);
    expect(reloads).toBe(2);
    // reopened meanwhile (after a second), resuming after the last id seen
    expect(current()).not.toBe(lost);
    expect(current().url).toContain(`lastEventId=${eventId}`);
    act(() => current().onopen?.());
    await tick(OPS_POLL_MS * 3);
    // one read for what the gap may have hidden, then none
    expect(reloads).toBe(3);
  });

  it("polls for the topics the operator's role does not hear, though the stream is held", async () => {
    await show("support", ["recharge", "verification"]);
    act(() => current().onopen?.());
    await tick(OPS_POLL_MS * 2);
    expect(reloads).toBe(1 + 2);
  });
});
