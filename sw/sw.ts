/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<string | { url: string; revision: string | null }> };

// The shell, every route chunk and every catalog: after one online visit the whole app opens offline.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Any navigation under /h5/ is the single-page app (hash routing): answer it with the precached shell.
registerRoute(new NavigationRoute(createHandlerBoundToURL("index.html"), { allowlist: [/^\/h5\//] }));

// The new version waits until the user accepts the update prompt.
self.addEventListener("message", (event) => {
  if ((event.data as { type?: string } | null)?.type === "SKIP_WAITING") void self.skipWaiting();
});
