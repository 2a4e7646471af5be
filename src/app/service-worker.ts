import { atom } from "jotai";

import { store } from "../ui/store";

/** Set when a new version is installed and waiting; calling it activates the new version and reloads. */
export const applyUpdateAtom = atom<(() => void) | null>(null);

/**
 * Registers the service worker after the first render (workbox-window loads lazily, off the first route's
 * JS). A waiting worker becomes an update prompt; nothing reloads until the user says so.
 */
export async function registerServiceWorker(): Promise<void> {
  if (import.meta.env.DEV || !("serviceWorker" in navigator)) return;
  const { Workbox } = await import("workbox-window");
  const base = import.meta.env.BASE_URL;
  const workbox = new Workbox(`${base}sw.js`, { scope: base, type: "classic" });
  workbox.addEventListener("waiting", () => {
    store.set(applyUpdateAtom, () => () => {
      workbox.addEventListener("controlling", () => window.location.reload());
      workbox.messageSkipWaiting();
    });
  });
  await workbox.register();
}
