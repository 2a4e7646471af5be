import type { StreamEvent } from "#contract/stream";

/**
 * What the update stream tells the app, and whether it is holding one now. The connection itself
 * (app/deferred/update-stream.ts) loads after the first render; pages subscribe here, and poll only while no
 * stream is held (the fallback), so a page neither waits for the connection's code nor misses a change.
 */
type Handler = (event: StreamEvent) => void;

const handlers = new Set<Handler>();
const stateListeners = new Set<(live: boolean) => void>();
let live = false;

/** Calls `handler` with every event until the returned function is called. */
export function onUpdate(handler: Handler): () => void {
  handlers.add(handler);
  return () => handlers.delete(handler);
}

/** True while a stream is open: changes arrive without asking. */
export function streamIsLive(): boolean {
  return live;
}

/** Calls `listener` whenever the stream opens or is lost, until the returned function is called. */
export function onStreamState(listener: (live: boolean) => void): () => void {
  stateListeners.add(listener);
  return () => stateListeners.delete(listener);
}

/** For the connection: an event arrived. */
export function publishUpdate(event: StreamEvent): void {
  for (const handler of [...handlers]) handler(event);
}

/** For the connection: the stream opened or was lost. */
export function setStreamLive(next: boolean): void {
  if (next === live) return;
  live = next;
  for (const listener of [...stateListeners]) listener(live);
}
