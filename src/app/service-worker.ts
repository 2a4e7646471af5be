/**
 * What starts after the first render (once the first page is shown: src/app/first-page-shown.ts), from one
 * chunk loaded then, off the first route's JS: the update stream's connection, and the service worker's
 * registration (workbox-window) where there is one.
 */
export async function startAfterFirstRender(): Promise<void> {
  const { startDeferred } = await import("./deferred/after-first-render");
  await startDeferred(!import.meta.env.DEV && "serviceWorker" in navigator);
}
