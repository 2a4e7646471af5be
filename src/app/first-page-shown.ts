import type { AnyRouter } from "@tanstack/react-router";

/**
 * Calls `start` once the first page is on screen: the router has resolved its first load (it does so on an error
 * or a redirect too, with the page that shows) and a frame has been painted after it (the timeout after the
 * animation frame runs after that paint). What the first screen does not need (the update stream, the service
 * worker, the other pages' texts) waits for this, so on a cold visit it competes neither with the page's own
 * chunks and data for the network nor with its first render for the CPU: it used to start with the first render
 * and arrive ahead of the page's largest text (docs/decisions.md "The first page before the rest"). A tab opened
 * in the background paints no frames: it starts them when it is first shown.
 */
export function whenFirstPageShown(router: AnyRouter, start: () => void): void {
  const unsubscribe = router.subscribe("onResolved", () => {
    unsubscribe();
    requestAnimationFrame(() => setTimeout(start));
  });
}
