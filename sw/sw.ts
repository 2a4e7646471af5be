/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";

import { openNotice } from "./open-notice";
import { readPushNotice } from "./push-notice";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<string | { url: string; revision: string | null }> };

// The shell, every route chunk and every catalog: after one online visit the whole app opens offline.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Any navigation under /h5/ is the single-page app (hash routing): answer it with the precached shell.
registerRoute(new NavigationRoute(createHandlerBoundToURL("index.html"), { allowlist: [/^\/h5\//] }));

/** A settled order's notice, localized by the page that noticed it (src/ui/result-notices.ts). */
interface ResultNotice {
  tag: string;
  title: string;
  body: string;
  url: string;
}

/** Shows a result once: a notification with this tag already on screen (another tab sent it) is left alone. */
async function showResult(notice: ResultNotice): Promise<void> {
  const showing = await self.registration.getNotifications({ tag: notice.tag });
  if (showing.length > 0) return;
  await self.registration.showNotification(notice.title, {
    body: notice.body,
    tag: notice.tag,
    icon: "icons/icon-192.png",
    data: { url: notice.url },
  });
}

self.addEventListener("message", (event) => {
  const message = event.data as { type?: string; notice?: ResultNotice } | null;
  // The new version waits until the user accepts the update prompt.
  if (message?.type === "SKIP_WAITING") void self.skipWaiting();
  if (message?.type === "RESULT_NOTICE" && message.notice) event.waitUntil(showResult(message.notice));
});

// A push from the server (an order's result or void, a review's decision, a support reply), already in the
// customer's language. It replaces a notice with the same tag, such as the one a page showed for the same result.
self.addEventListener("push", (event) => {
  const notice = readPushNotice(event.data?.text());
  if (!notice) return;
  event.waitUntil(
    self.registration.showNotification(notice.title, {
      body: notice.body,
      tag: notice.tag,
      icon: "icons/icon-192.png",
      badge: "icons/icon-192.png",
      data: { url: notice.url },
    }),
  );
});

// A tap on a notice opens its page (an order, a record, the real-name or support page): in a window of the app
// if one is open, else in a new one.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const { url } = (event.notification.data ?? {}) as { url?: string };
  event.waitUntil(openNotice(self.clients, self.registration.scope, url ?? ""));
});
