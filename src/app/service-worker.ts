import { atom } from "jotai";

/** Set when a new version is installed and waiting; calling it activates the new version and reloads. */
export const applyUpdateAtom = atom<(() => void) | null>(null);

/**
 * Registers the service worker after the first render. The registration (workbox-window) and what follows it load
 * lazily, off the first route's JS.
 */
export async function registerServiceWorker(): Promise<void> {
  if (import.meta.env.DEV || !("serviceWorker" in navigator)) return;
  const { startServiceWorker } = await import("./deferred/service-worker-start");
  await startServiceWorker();
}
