import { waitForOnline } from "../offline/online";
import { recoverFromChunkError, type Recovery } from "./chunk-errors";

let pending: Promise<Recovery> | undefined;

/** The browser's side of chunk recovery; concurrent failures share one attempt. */
export function recoverInBrowser(): Promise<Recovery> {
  pending ??= recoverFromChunkError({
    online: () => navigator.onLine,
    waitForOnline,
    reload: () => window.location.reload(),
    storage: sessionStorage,
    now: () => Date.now(),
  }).finally(() => {
    pending = undefined;
  });
  return pending;
}

/** A failed modulepreload or CSS preload (`vite:preloadError`) is the same problem seen earlier. */
export function watchPreloadErrors(): void {
  window.addEventListener("vite:preloadError", () => void recoverInBrowser());
}
