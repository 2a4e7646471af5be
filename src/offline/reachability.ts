import { apiPaths } from "#contract/paths";

// `navigator.onLine` only says whether the device has a network. On a dead Wi-Fi, behind a captive portal, or
// in a headless browser that does not emulate it, it stays true while every request fails. So a request that
// fails for want of a network also counts as offline, until an answer arrives (a probe or any other call) or
// the browser reports a new connection.
let unreachable = false;
let probeTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();
const PROBE_MS = 5000;

export function isOnline(): boolean {
  return navigator.onLine && !unreachable;
}

function setUnreachable(value: boolean): void {
  if (unreachable === value) return;
  const wasOnline = isOnline();
  unreachable = value;
  if (value) scheduleProbe();
  else clearTimeout(probeTimer);
  if (wasOnline !== isOnline()) for (const listener of listeners) listener();
}

/** Any answer from the server, refusals included, proves it can be reached. */
export const reportAnswer = () => setUnreachable(false);
export const reportNetworkFailure = () => setUnreachable(true);

// While unreachable, a small GET every few seconds (only while the page is seen) finds the way back.
function scheduleProbe(): void {
  clearTimeout(probeTimer);
  probeTimer = setTimeout(async () => {
    if (!unreachable) return;
    if (document.visibilityState === "visible" && navigator.onLine) {
      try {
        const response = await fetch(new URL(apiPaths.platformInfo.path, location.href), { cache: "no-store" });
        if (response.ok) return reportAnswer();
      } catch {
        // still unreachable
      }
    }
    scheduleProbe();
  }, PROBE_MS);
}

/** Calls `listener` whenever the app's view of being online changes (device network or server reachability). */
export function subscribeOnline(listener: () => void): () => void {
  const onBrowserChange = () => {
    // a new connection is worth a fresh try: the next request decides
    if (navigator.onLine) unreachable = false;
    listener();
  };
  listeners.add(listener);
  window.addEventListener("online", onBrowserChange);
  window.addEventListener("offline", onBrowserChange);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("online", onBrowserChange);
    window.removeEventListener("offline", onBrowserChange);
  };
}
