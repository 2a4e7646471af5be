import type { Db } from "../../db/client";
import { wakeStreams } from "../../db/outbox";

/**
 * How often at most a process wakes the stream hubs for the orders it placed. The console reads its pages
 * again a quarter of a second after an event anyway, so a wake this late changes nothing it shows.
 */
const WAKE_EVERY_MS = 50;

const pending = new WeakMap<Db, { timer: NodeJS.Timeout | null; again: boolean }>();

/**
 * The order placed is in the outbox already (written by the trigger on `orders` in the order's transaction);
 * this wakes every process's hub to read it. The first order after a quiet spell wakes them at once; orders
 * placed during the next WAKE_EVERY_MS share one wake at its end, so a busy process sends a few notifications a
 * second instead of one per order (each woke every listening connection of every process, and took
 * PostgreSQL's notify lock at commit). A wake lost (the process dies first) costs a hub at most its next
 * once-a-second read.
 */
export function tellStreamsOfOrder(db: Db, log: (message: string) => void): void {
  const state = pending.get(db) ?? { timer: null, again: false };
  pending.set(db, state);
  if (state.timer) {
    state.again = true;
    return;
  }
  const wake = () => void wakeStreams(db).catch((error: unknown) => log(`stream: waking the hubs failed: ${String(error)}`));
  wake();
  const settle = () => {
    if (!state.again) {
      state.timer = null;
      return;
    }
    state.again = false;
    wake();
    state.timer = setTimeout(settle, WAKE_EVERY_MS);
    state.timer.unref();
  };
  state.timer = setTimeout(settle, WAKE_EVERY_MS);
  state.timer.unref();
}
