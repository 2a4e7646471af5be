import { router } from "../router";

/** The service worker's message when a result notification is tapped while the app is open (sw/open-notice.ts). */
const OPEN_NOTICE_MESSAGE = "OPEN_NOTICE";

/**
 * Follows taps on result notifications: the worker asks this window to show the order, and the router moves there
 * in place. Only a route of this app (`#/…`) is followed.
 */
export function followNoticeTaps(): void {
  navigator.serviceWorker.addEventListener("message", (event: MessageEvent) => {
    const message = event.data as { type?: unknown; url?: unknown } | null;
    if (message?.type !== OPEN_NOTICE_MESSAGE || typeof message.url !== "string" || !message.url.startsWith("#/")) return;
    void router.navigate({ href: message.url.slice(1) });
  });
}
