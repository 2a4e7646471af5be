import { Workbox } from "workbox-window";

import { followSupport } from "@/features/support/follow-support";
import { store } from "@/ui/store";

import { applyUpdateAtom } from "../update-atom";
import { followNoticeTaps } from "./notice-taps";
import { mountResultCards } from "./ResultCardsMount";
import { startUpdateStream } from "./update-stream";

/**
 * The update stream and the result cards it feeds, the support chat's outbox and badge, then the service worker when the browser has one (not in
 * development).
 */
export async function startDeferred(registerWorker: boolean): Promise<void> {
  mountResultCards();
  startUpdateStream();
  followSupport();
  if (registerWorker) await startServiceWorker();
}

/**
 * The worker's registration. A waiting worker becomes an update prompt; nothing reloads until the user says so.
 * Taps on result notifications are followed from here on.
 */
async function startServiceWorker(): Promise<void> {
  followNoticeTaps();
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
