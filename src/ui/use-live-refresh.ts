import { useRouter } from "@tanstack/react-router";
import { useEffect } from "react";

import { onSubmitted } from "../api/submission";
import { onStreamState, onUpdate, streamIsLive } from "../api/updates";
import { useOnline } from "./use-online";

/** How often a page showing balances reads them again while no update stream is held (the fallback). */
export const LIVE_REFRESH_MS = 5000;

/**
 * Keeps a page's balances current while it is open: its loaders run again when the update stream tells of a
 * change (an order settling, a review decided, a message), when the stream comes back (what it missed), when
 * the app returns to the foreground, and after the app's own money actions. While no stream is held they run
 * every few seconds instead, as long as the page is visible and online.
 */
export function useLiveRefresh(intervalMs = LIVE_REFRESH_MS): void {
  const router = useRouter();
  const online = useOnline();
  useEffect(() => {
    if (!online) return;
    let running = false;
    let stopped = false;
    const refresh = async () => {
      // a hidden page is not read (no traffic in the background), and one refresh at a time
      if (stopped || running || document.visibilityState !== "visible") return;
      running = true;
      try {
        await router.invalidate();
      } finally {
        running = false;
      }
    };
    // polled only while the stream is down: with it, a change arrives the moment it commits
    const timer = setInterval(() => void (streamIsLive() || refresh()), intervalMs);
    const stopUpdates = onUpdate(() => void refresh());
    const stopState = onStreamState((live) => void (live && refresh()));
    const onVisible = () => void (document.visibilityState === "visible" && refresh());
    const onFocus = () => void refresh();
    document.addEventListener("visibilitychange", onVisible);
    window.addEventListener("focus", onFocus);
    const unsubscribe = onSubmitted(() => void refresh());
    return () => {
      stopped = true;
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
      window.removeEventListener("focus", onFocus);
      unsubscribe();
      stopUpdates();
      stopState();
    };
  }, [router, online, intervalMs]);
}
