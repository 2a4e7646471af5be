import { createStore, del, entries, set } from "idb-keyval";

import type { SupportLine } from "#contract/support-chat";

import { sendSupportLine } from "./chat-api";

/** A line written but not yet acknowledged by the server: kept with its requestId until an answer arrives. */
export interface PendingLine {
  requestId: string;
  userId: number;
  text: string;
  /** when it was written (ms), its place in the order lines are sent */
  writtenAt: number;
}

/** What a send ended in, for the chat to show: the line the server kept, or a refusal to tell the customer. */
export type OutboxResult = { requestId: string; line: SupportLine } | { requestId: string; refused: string };

let store: ReturnType<typeof createStore> | undefined;
// its own database: idb-keyval keeps one object store per database, and the page copies are cleared at sign-out
const outbox = () => (store ??= createStore("trading-pwa-support", "outbox"));

const listeners = new Set<() => void>();
const resultListeners = new Set<(result: OutboxResult) => void>();
const changed = () => {
  for (const listener of [...listeners]) listener();
};

/** Calls `listener` whenever a line joins or leaves the outbox. */
export function onOutboxChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Calls `listener` with the outcome of each line sent from the outbox. */
export function onOutboxResult(listener: (result: OutboxResult) => void): () => void {
  resultListeners.add(listener);
  return () => resultListeners.delete(listener);
}

/** The user's lines waiting to be sent, oldest first. */
export async function pendingLines(userId: number): Promise<PendingLine[]> {
  try {
    const all = (await entries<string, PendingLine>(outbox())).map(([, line]) => line);
    return all.filter((line) => line.userId === userId).sort((a, b) => a.writtenAt - b.writtenAt);
  } catch {
    return [];
  }
}

let lastWrittenAt = 0;

/**
 * Keeps a line in IndexedDB before anything is sent: whether the device is offline, the request fails, or the
 * page is closed before the answer, the line and its requestId survive, and the server keeps it once however
 * often it is sent again.
 */
export async function keepLine(userId: number, text: string): Promise<PendingLine> {
  // lines go out in the order of writtenAt: two written in one millisecond must still keep their order
  const writtenAt = Math.max(Date.now(), lastWrittenAt + 1);
  lastWrittenAt = writtenAt;
  const line: PendingLine = { requestId: crypto.randomUUID(), userId, text, writtenAt };
  try {
    await set(line.requestId, line, outbox());
  } finally {
    changed();
  }
  return line;
}

let flushing: Promise<void> | null = null;
let again = false;

/**
 * Sends the user's waiting lines in the order written, each with its own requestId. A line leaves the outbox
 * when the server answered it (kept, or refused for good: too long, say); a failed connection stops the round
 * and leaves the rest for the next one (back online, the chat opened again, the app started). A call while a
 * round runs makes one more round after it, so a line kept meanwhile is not left behind.
 */
export function flushOutbox(userId: number): Promise<void> {
  if (flushing) {
    again = true;
    return flushing;
  }
  flushing = (async () => {
    try {
      do {
        again = false;
        if (!(await sendRound(userId))) return;
      } while (again);
    } finally {
      flushing = null;
    }
  })();
  return flushing;
}

/** One pass over the outbox; false when the connection (or the session) failed and the rest must wait. */
async function sendRound(userId: number): Promise<boolean> {
  for (const line of await pendingLines(userId)) {
    const answer = await sendSupportLine({ text: line.text, requestId: line.requestId });
    // no answer, no session, or too many at once: the line waits for the next round
    if (answer.code !== 1 && (answer.err === "network_error" || answer.err === "rate_limited" || answer.code === 401)) return false;
    await del(line.requestId, outbox()).catch(() => undefined);
    const result: OutboxResult =
      answer.code === 1 ? { requestId: line.requestId, line: answer.data } : { requestId: line.requestId, refused: answer.msg };
    for (const listener of [...resultListeners]) listener(result);
    changed();
  }
  return true;
}
