import "./app/app.css";
// inline in the document with it: the pre-rendered shell draws the trade screen's head (TradePreview)
import "./features/trading/trade-head.css";
import "./ui/account-switch.css";

import { I18nProvider } from "@lingui/react";
import { RouterProvider } from "@tanstack/react-router";
import { Provider as JotaiProvider } from "jotai";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";

import { onUnauthorized } from "./api/client";
import { loadCurrentUser } from "./api/current-user";
import { expireSession, readToken } from "./api/session";
import { tellIfSessionExpired } from "./api/session-expired";
import { watchPreloadErrors } from "./app/browser-recovery";
import { whenFirstPageShown } from "./app/first-page-shown";
import { PASSWORD_CHANGE_PAGE, watchPasswordChangeRequired } from "./app/password-change";
import { router } from "./app/router";
import { startAfterFirstRender } from "./app/service-worker";
import { isPublicPath } from "./app/startup";
import { activateStoredLanguage, i18n, pagesCatalogReady } from "./i18n/i18n";
import { isOnline, subscribeOnline } from "./offline/reachability";
import { store } from "./ui/store";

watchPreloadErrors();

// A dead session anywhere sends the user to log in, says why, and comes back here afterwards.
onUnauthorized(() => {
  expireSession();
  const { pathname, href } = router.state.location;
  if (isPublicPath(pathname)) return;
  tellIfSessionExpired();
  void router.navigate({ to: "/pages/login/login", search: { redirect: href } });
});

// Support reset the password: every refusal of this session leads to the page that sets a new one.
watchPasswordChangeRequired({
  pathname: () => router.state.location.pathname,
  goToChangePage: () => void router.navigate({ to: PASSWORD_CHANGE_PAGE }),
});

// Back online: the page's loaders run again, so a saved copy ("offline — as of …") gives way to fresh data.
let wasOnline = isOnline();
subscribeOnline(() => {
  if (isOnline() && !wasOnline) void router.invalidate();
  wasOnline = isOnline();
});

// A returning customer is signed in from the first screen on (Home's "Log in" button, the unread badge), even
// on a public page that runs no guard.
if (readToken()) void loadCurrentUser();

// the update stream, the service worker and the rest wait until the first page is on screen, not just rendered
whenFirstPageShown(router, () => {
  // the other pages' texts, if the first page did not need them (Home); a failed load is marked, not thrown: the
  // next page that waits tries again
  void pagesCatalogReady();
  void startAfterFirstRender();
});
await activateStoredLanguage();

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <I18nProvider i18n={i18n}>
      <JotaiProvider store={store}>
        <RouterProvider router={router} />
      </JotaiProvider>
    </I18nProvider>
  </StrictMode>,
);
