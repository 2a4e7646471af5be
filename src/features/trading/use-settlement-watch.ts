import { useEffect } from "react";

import { onStreamState, onUpdate, streamIsLive } from "@/api/updates";

/**
 * Finds out when the server settles the orders a page shows. With the update stream held, the settlement's
 * event says so the moment it commits (and, when the stream comes back after a loss, the orders whose time is
 * up are checked once); without it, those orders are checked every `pollMs`. `check` reads the orders named and
 * acts on the settled ones; it must keep its identity while the page stays (a useCallback).
 */
export function useSettlementWatch(
  openIds: readonly number[],
  dueIds: readonly number[],
  check: (ids: number[]) => unknown,
  pollMs: number,
) {
  const openKey = openIds.join(",");
  const dueKey = dueIds.join(",");
  useEffect(() => {
    if (!openKey) return;
    const open = new Set(openKey.split(",").map(Number));
    const due = dueKey ? dueKey.split(",").map(Number) : [];
    const stopUpdates = onUpdate((event) => {
      if ((event.kind === "order_settled" || event.kind === "order_void") && open.has(event.data.orderId)) void check([event.data.orderId]);
    });
    const stopState = onStreamState((live) => {
      if (live && due.length > 0) void check(due);
    });
    // the fallback: no stream, so ask about the orders whose time is up
    const timer = due.length > 0 ? setInterval(() => void (streamIsLive() || check(due)), pollMs) : undefined;
    return () => {
      stopUpdates();
      stopState();
      clearInterval(timer);
    };
  }, [openKey, dueKey, check, pollMs]);
}
