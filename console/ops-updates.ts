import { opsStreamPaths } from "#contract/ops-stream";
import { type OpsTopic, opsTopicOf } from "#contract/stream";

import { call } from "./api";

/** Waits before opening again after a lost stream: growing from the first, up to the last. */
const RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000];
/** The last page gone, the stream is kept this long in case the next page wants it (a click between pages). */
const LINGER_MS = 10_000;

/** Hears each event's topic and kind ("queue_changed", "alert_raised", …). */
type Listener = (topic: OpsTopic, kind: string) => void;

const listeners = new Set<Listener>();
const stateListeners = new Set<(live: boolean) => void>();
let live = false;
let source: EventSource | null = null;
let opening = false;
let lastEventId: string | null = null;
let failures = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let lingerTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * The console's one update stream, held while a page listens: a one-use ticket from POST /api/ops/stream_ticket
 * (the session cookie proves the operator), then an EventSource on /api/ops/stream that resumes after the last
 * event it had. EventSource's own reconnect would reuse the spent ticket, so every loss is handled here with a
 * new one. The server sends only the topics the operator's role may read.
 *
 * Calls `listener` with the topic of every event until the returned function is called.
 */
export function onOpsUpdate(listener: Listener): () => void {
  listeners.add(listener);
  clearTimeout(lingerTimer);
  void open();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) lingerTimer = setTimeout(close, LINGER_MS);
  };
}

/** Calls `listener` whenever the stream opens or is lost, until the returned function is called. */
export function onOpsStreamState(listener: (live: boolean) => void): () => void {
  stateListeners.add(listener);
  return () => stateListeners.delete(listener);
}

/** True while the stream is held: changes arrive without asking. */
export const opsStreamIsLive = () => live;

function setLive(next: boolean) {
  if (next === live) return;
  live = next;
  for (const listener of [...stateListeners]) listener(live);
}

function close() {
  clearTimeout(retryTimer);
  source?.close();
  source = null;
  setLive(false);
}

async function open(): Promise<void> {
  clearTimeout(retryTimer);
  if (source || opening || listeners.size === 0 || typeof EventSource === "undefined") return;
  opening = true;
  try {
    const { ticket } = await call(opsStreamPaths.opsStreamTicket);
    if (listeners.size === 0) return;
    const query = new URLSearchParams({ ticket, ...(lastEventId ? { lastEventId } : {}) });
    const stream = new EventSource(`${opsStreamPaths.opsStream.path}?${query.toString()}`);
    source = stream;
    stream.onopen = () => {
      failures = 0;
      setLive(true);
    };
    stream.onmessage = (message) => {
      if (message.lastEventId) lastEventId = message.lastEventId;
      let topic: OpsTopic | null = null;
      let kind = "";
      try {
        const event = JSON.parse(message.data as string) as { kind: string; data: unknown };
        topic = opsTopicOf(event);
        kind = event.kind;
      } catch {
        // a line this version does not understand is skipped, not fatal
      }
      if (topic) for (const listener of [...listeners]) listener(topic, kind);
    };
    stream.onerror = () => {
      if (source !== stream) return;
      source.close();
      source = null;
      setLive(false);
      retryLater();
    };
  } catch {
    // signed out (the API client has gone to the sign-in page) or the server is away: pages poll meanwhile
    retryLater();
  } finally {
    opening = false;
  }
}

function retryLater() {
  clearTimeout(retryTimer);
  if (listeners.size === 0) return;
  const wait = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]!;
  failures++;
  retryTimer = setTimeout(() => void open(), wait);
}
