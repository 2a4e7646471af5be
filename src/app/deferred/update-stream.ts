import { call } from "@/api/client";
import { currentUserAtom } from "@/api/session";
import { publishUpdate, setStreamLive } from "@/api/updates";
import { isOnline, subscribeOnline } from "@/offline/reachability";
import { store } from "@/ui/store";
import { streamPaths } from "#contract/paths";
import type { StreamEvent } from "#contract/stream";

/** Waits before opening again after a lost stream: doubling from the first, up to the last. */
const RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000];
/** A page hidden this long lets its stream go (a phone in a pocket holds no connection); it resumes when shown. */
const HIDDEN_CLOSE_MS = 60_000;

/**
 * The app's one update stream while a customer is signed in, online and looking: a one-use ticket from
 * POST /api/user/stream_ticket, then an EventSource on /api/stream that resumes after the last event it had.
 * EventSource's own reconnect would reuse the spent ticket, so every loss is handled here with a new one.
 */
export function startUpdateStream(): void {
  if (typeof EventSource === "undefined") return;
  let source: EventSource | null = null;
  let lastEventId: string | null = null;
  let failures = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let hiddenTimer: ReturnType<typeof setTimeout> | undefined;
  let opening = false;

  const wanted = () => store.get(currentUserAtom) !== null && isOnline() && document.visibilityState === "visible";

  const close = () => {
    source?.close();
    source = null;
    setStreamLive(false);
  };

  const open = async () => {
    clearTimeout(retryTimer);
    if (source || opening || !wanted()) return;
    opening = true;
    try {
      const answer = await call(streamPaths.streamTicket, {}, { quiet: true });
      if (answer.code !== 1 || !wanted()) {
        if (answer.code !== 401) retryLater();
        return;
      }
      const query = new URLSearchParams({ ticket: answer.data.ticket, ...(lastEventId ? { lastEventId } : {}) });
      const stream = new EventSource(`${streamPaths.stream.path}?${query.toString()}`);
      source = stream;
      stream.onopen = () => {
        failures = 0;
        setStreamLive(true);
      };
      stream.onmessage = (message) => {
        if (message.lastEventId) lastEventId = message.lastEventId;
        try {
          publishUpdate({
            id: Number(message.lastEventId),
            ...(JSON.parse(message.data as string) as Omit<StreamEvent, "id">),
          } as StreamEvent);
        } catch {
          // a line this version does not understand is skipped, not fatal
        }
      };
      stream.onerror = () => {
        if (source !== stream) return;
        close();
        retryLater();
      };
    } finally {
      opening = false;
    }
  };

  const retryLater = () => {
    clearTimeout(retryTimer);
    const wait = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]!;
    failures++;
    retryTimer = setTimeout(() => void open(), wait);
  };

  const update = () => {
    if (!wanted()) {
      if (store.get(currentUserAtom) === null) lastEventId = null;
      if (document.visibilityState === "hidden" && source) {
        clearTimeout(hiddenTimer);
        hiddenTimer = setTimeout(close, HIDDEN_CLOSE_MS);
        return;
      }
      close();
      return;
    }
    clearTimeout(hiddenTimer);
    void open();
  };

  store.sub(currentUserAtom, update);
  subscribeOnline(update);
  document.addEventListener("visibilitychange", update);
  update();
}
