import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

import { STREAM_RETRY_MS } from "#contract/stream";

import type { EventHub, StoredEvent } from "../modules/events/hub";

/** A client that reads nothing for this long is cut off rather than buffered for without end. */
const MAX_UNSENT_BYTES = 1024 * 1024;

/**
 * What a stream is held by, where that can end before the connection does (the console's: an operator's
 * session and role). Checked at every heartbeat, and at once when an event says it may have changed.
 */
export interface StreamHold {
  stillHeld(): Promise<boolean>;
  changedBy(event: StoredEvent): boolean;
}

/** Who a stream is for and what it carries, once its ticket has been redeemed. */
export interface StreamScope {
  userId: number | null;
  /** which events this stream may carry (the console's: the topics of the operator's role); all when absent */
  hears?: (event: StoredEvent) => boolean;
  /** ends the stream when it no longer holds; a customer's stream has none */
  hold?: StreamHold;
}

/**
 * Serves one open stream as server-sent events: the events after `afterId` first (a stream that came back),
 * then each new one as the hub hands it over, in id order and each once; a comment line every heartbeat.
 * Each event is `id: <id>` and `data: {"kind", "data"}` (unnamed, so one `onmessage` hears every kind).
 * A stream whose hold gives way is ended: the client comes back with a new ticket, or goes to sign in.
 * Returns the function that ends it (the app is closing).
 */
export async function serveEventStream(
  reply: FastifyReply,
  hub: EventHub,
  stream: StreamScope & { afterId: number | null; now: number; heartbeatMs: number },
  log: (message: string) => void,
): Promise<() => void> {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache, no-transform",
    // nginx passes it on at once instead of buffering it (docs/operations.md)
    "x-accel-buffering": "no",
    connection: "keep-alive",
  });
  raw.write(`retry: ${STREAM_RETRY_MS}\n\n`);

  let lastSent = stream.afterId ?? 0;
  let replaying = true;
  const held: StoredEvent[] = [];
  const write = (text: string) => {
    if (raw.destroyed) return;
    raw.write(text);
    if (raw.writableLength > MAX_UNSENT_BYTES) raw.destroy();
  };
  let ended = false;
  let checking = false;
  let checkAgain = false;
  const recheck = () => {
    const hold = stream.hold;
    if (!hold || ended) return;
    if (checking) {
      checkAgain = true;
      return;
    }
    checking = true;
    hold
      .stillHeld()
      .then(
        (held) => held || end(),
        // a failed read is no proof the hold is gone: the next heartbeat asks again
        (error: unknown) => log(`stream: checking its hold failed: ${error instanceof Error ? error.message : String(error)}`),
      )
      .finally(() => {
        checking = false;
        if (checkAgain) {
          checkAgain = false;
          recheck();
        }
      });
  };
  const send = (event: StoredEvent) => {
    if (stream.hold?.changedBy(event)) recheck();
    if (event.id <= lastSent) return;
    lastSent = event.id;
    if (stream.hears && !stream.hears(event)) return;
    write(`id: ${event.id}\ndata: ${JSON.stringify({ kind: event.kind, data: event.payload })}\n\n`);
  };
  // subscribed before the history is read, so nothing committed in between is missed; held until it is sent
  const unsubscribe = hub.subscribe({ userId: stream.userId, deliver: (event) => (replaying ? held.push(event) : send(event)) });
  const heartbeat = setInterval(() => {
    write(": keep-alive\n\n");
    recheck();
  }, stream.heartbeatMs);
  const end = () => {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    unsubscribe();
    if (!raw.destroyed) raw.end();
  };
  // the response's close, not the request's: a GET's request may count as complete (and close) at once
  raw.once("close", end);
  try {
    if (stream.afterId !== null) {
      for (const event of await hub.history({ userId: stream.userId }, stream.afterId, stream.now)) send(event);
    }
  } catch (error) {
    // the client comes back with its last id and gets the history then; a half-told stream would skip it
    log(`stream: reading the history failed: ${error instanceof Error ? error.message : String(error)}`);
    end();
    return end;
  }
  replaying = false;
  held.sort((a, b) => a.id - b.id).forEach(send);
  held.length = 0;
  return end;
}

const headerValue = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * Where a stream that comes back resumes: EventSource sends Last-Event-ID itself when it reconnects; the apps
 * pass lastEventId with a new ticket (their own reconnect). Null for a new stream.
 */
export function resumeAfter(request: FastifyRequest, lastEventId: number | undefined): number | null {
  const header = headerValue(request.headers["last-event-id"]);
  const fromHeader = header !== undefined && /^\d{1,15}$/.test(header) ? Number(header) : undefined;
  return lastEventId ?? fromHeader ?? null;
}

/**
 * Ends the app's open streams before it closes (a graceful stop is not held up by them); returns the function
 * that registers one stream's end.
 */
export function endStreamsOnClose(app: FastifyInstance): (end: () => void, reply: FastifyReply) => void {
  const open = new Set<() => void>();
  app.addHook("preClose", async () => {
    for (const end of open) end();
  });
  return (end, reply) => {
    open.add(end);
    reply.raw.once("close", () => open.delete(end));
  };
}
