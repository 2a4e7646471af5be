import type { AnyRouter } from "@tanstack/react-router";

/**
 * Resolves once the first page is on screen: the router has resolved its first load and a frame has been
 * painted after it (the timeout after the animation frame runs after that paint). What the first screen does
 * not need (the update stream, the service worker, the other pages' texts) waits for this, so on a cold visit
 * it competes neither with the page's own chunks and data for the network nor with its first render for the
 * CPU: it used to start with the first render and arrive ahead of the page's largest text (docs/decisions.md
 * "The first page before the rest"). In a hidden tab no frame is painted: the timer starts it instead.
 */
export function whenFirstPageShown(router: AnyRouter): Promise<void> {
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe("onResolved", () => {
      unsubscribe();
      requestAnimationFrame(() => setTimeout(resolve));
    });
    // at the latest after 4 s: a first page that never resolves (a loader hanging on a dead network) holds nothing
    setTimeout(resolve, 4000);
  });
}
