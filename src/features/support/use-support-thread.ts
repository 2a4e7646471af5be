import { useCallback, useEffect, useRef, useState } from "react";

import { onStreamState, onUpdate, streamIsLive } from "@/api/updates";
import { recall, remember } from "@/offline/cache";
import { isOnline } from "@/offline/reachability";
import { showToast } from "@/ui/toast";
import { useOnline } from "@/ui/use-online";
import type { SupportLine } from "#contract/support-chat";

import { fetchSupportThread, markSupportRead } from "./chat-api";
import { flushOutbox, keepLine, onOutboxChange, onOutboxResult, type PendingLine, pendingLines } from "./chat-outbox";
import { clearSupportBadge } from "./follow-support";

/** How often the chat reads what is new while no update stream is held (the stream's fallback). */
const POLL_MS = 5000;
const CACHE_KEY = "support-thread";

/** New lines into the thread: in id order, each once (a line may come from the send, the stream and a read). */
function merge(lines: SupportLine[], more: SupportLine[]): SupportLine[] {
  const byId = new Map(lines.map((line) => [line.id, line]));
  for (const line of more) byId.set(line.id, line);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

export interface SupportThreadState {
  lines: SupportLine[];
  pending: PendingLine[];
  /** when the lines shown were read, while they are a saved copy (offline) */
  offlineSince?: number;
  /** writes a line: kept in IndexedDB first, sent now when online, else once back online */
  write: (text: string) => Promise<void>;
  /** a line the server answered by itself (a picture sent) */
  add: (line: SupportLine) => void;
}

/**
 * The customer's thread as the chat shows it: the saved copy first, then the server's lines; what is new when
 * the stream tells of a line (or, without a stream, every few seconds); the lines still waiting in the outbox;
 * and support's lines marked read while the chat is on screen.
 */
export function useSupportThread(userId: number): SupportThreadState {
  const online = useOnline();
  const [lines, setLines] = useState<SupportLine[]>([]);
  const [pending, setPending] = useState<PendingLine[]>([]);
  const [offlineSince, setOfflineSince] = useState<number | undefined>();
  const latest = useRef<SupportLine[]>([]);
  const readMark = useRef(0);
  // when the lines shown were last read from the server (unix seconds): what the offline banner dates
  const readAt = useRef<number | undefined>(undefined);

  const show = useCallback(
    (next: SupportLine[]) => {
      latest.current = next;
      setLines(next);
      void remember(CACHE_KEY, { userId, lines: next });
    },
    [userId],
  );

  // the saved copy first: the chat opens offline with what it showed last time
  useEffect(() => {
    void recall<{ userId: number; lines: SupportLine[] }>(CACHE_KEY).then((copy) => {
      if (copy?.data.userId !== userId || latest.current.length > 0) return;
      latest.current = copy.data.lines;
      setLines(copy.data.lines);
      readAt.current = copy.at;
      if (!isOnline()) setOfflineSince(copy.at);
    });
  }, [userId]);

  useEffect(() => {
    if (!online) setOfflineSince(readAt.current ?? Math.floor(Date.now() / 1000));
  }, [online]);

  const readNew = useCallback(async () => {
    for (;;) {
      const after = latest.current.at(-1)?.id ?? 0;
      const answer = await fetchSupportThread(after);
      if (answer.code !== 1) {
        if (answer.err === "network_error") setOfflineSince(readAt.current ?? Math.floor(Date.now() / 1000));
        return;
      }
      readAt.current = Math.floor(Date.now() / 1000);
      setOfflineSince(undefined);
      show(merge(latest.current, answer.data.lines));
      if (!answer.data.more) return;
    }
  }, [show]);

  // support's lines on screen are read: the mark moves to the newest of them, and the badge goes out
  useEffect(() => {
    const newest = lines.filter((line) => line.author === "operator").at(-1)?.id ?? 0;
    if (newest <= readMark.current || offlineSince !== undefined || document.visibilityState !== "visible") return;
    readMark.current = newest;
    void markSupportRead(newest).then((answer) => answer.code === 1 && clearSupportBadge(answer.data.unread));
  }, [lines, offlineSince]);

  useEffect(() => {
    const refreshPending = () => void pendingLines(userId).then(setPending);
    refreshPending();
    const stopChange = onOutboxChange(refreshPending);
    const stopResult = onOutboxResult((result) => {
      if ("line" in result) show(merge(latest.current, [result.line]));
      else showToast(result.refused, { tone: "error" });
    });
    return () => {
      stopChange();
      stopResult();
    };
  }, [userId, show]);

  useEffect(() => {
    if (!online) return;
    void readNew();
    void flushOutbox(userId);
    const stopUpdates = onUpdate((event) => {
      if (event.kind === "support_line" || event.kind === "support.reply") void readNew();
    });
    const stopState = onStreamState((live) => void (live && readNew()));
    const timer = setInterval(() => void (streamIsLive() || document.visibilityState !== "visible" || readNew()), POLL_MS);
    return () => {
      stopUpdates();
      stopState();
      clearInterval(timer);
    };
  }, [online, readNew, userId]);

  const write = useCallback(
    async (text: string) => {
      await keepLine(userId, text);
      if (isOnline()) await flushOutbox(userId);
    },
    [userId],
  );
  const add = useCallback((line: SupportLine) => show(merge(latest.current, [line])), [show]);

  return { lines, pending, offlineSince, write, add };
}
