import { useRouter } from "@tanstack/react-router";
import { useEffect } from "react";

import { onSubmitted } from "../api/submission";
import { useOnline } from "./use-online";

/** How often a page showing balances reads them again while it is on screen. */
export const LIVE_REFRESH_MS = 5000;

/**
 * Keeps a page's balances current while it is open: its loaders run again every few seconds while the page is
 * visible and online, when the app comes back to the foreground, and after the app's own money actions. An
 * order settling, an operator approving a recharge or a plan paying out then shows without navigating.
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
    const timer = setInterval(refresh, intervalMs);
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
    };
  }, [router, online, intervalMs]);
}
