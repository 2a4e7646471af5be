import { i18n, type Messages } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { useLingui } from "@lingui/react/macro";
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from "@tanstack/react-router";
import { renderToStaticMarkup } from "react-dom/server";

import { STATIC_HOME_BANNER } from "#contract/static-home";

import { messages as pagesMessages } from "../../locales/en/pages";
import { messages as shellMessages } from "../../locales/en/shell";
import { BannerSlide } from "../features/content/HomeContent";
import { HomePage } from "../features/home/HomePage";
import { MinePreview } from "../features/mine/MinePreview";
import { TradePreview } from "../features/trading/TradePreview";
import { BackIcon } from "../ui/PageIcons";
import { PageSkeleton } from "../ui/PageSkeleton";
import { TabBar } from "./TabBar";

export { tabBarDecisionScript } from "./static-shell-tabs";

/**
 * The first screen before any script runs: the 450px frame, the page skeleton every page shows while it loads
 * and the tab bar, rendered from the live components at build time (build/prerender-shell.ts) into index.html.
 * The app replaces it when React mounts (createRoot clears #root); the boxes are the live ones, so nothing
 * moves. index.html has it in English, as the app starts when no language is stored; the build renders it in
 * the other languages too, and the server sends a page load the reader's (server/http/index-document.ts).
 * The tab bar is hidden before the first paint on pages the app shows without it (static-shell-tabs.ts,
 * `.static-shell` in app.css). There, a title bar with a way home shows instead: those pages open with a bar of
 * their own, and a customer on a slow network can leave before the page has arrived.
 * On Home, when the server has written its first banner into the document (server/http/index-document.ts), the
 * head script shows a Home preview instead of the skeleton: the live Home page's header and banner slide, with
 * skeleton rows where the quotes come, so the page's largest text is on screen with the HTML.
 * On Mine, signed in, the early-start script shows a Mine preview once the account read has answered: the live
 * profile head filled in with the customer's own (MinePreview, src/early-start-preview.ts); on the trade screen,
 * its head once the product read has answered (TradePreview).
 */
function StaticShell() {
  const { t } = useLingui();
  return (
    <div className="frame frame-tabs static-shell">
      <header className="static-shell-bar">
        <a className="navbar-back" href="/" aria-label={t`Home`}>
          <BackIcon />
        </a>
      </header>
      <PageSkeleton />
      <div className="static-home">
        <HomePage
          loggedIn
          top={
            <section className="banner">
              <BannerSlide banner={STATIC_HOME_BANNER} />
              <div className="banner-dots" />
            </section>
          }
          quotes={<SkeletonRows />}
        />
      </div>
      <div className="static-mine">
        <MinePreview />
      </div>
      <div className="static-trade">
        <TradePreview />
      </div>
      <TabBar pathname="/" />
    </div>
  );
}

function SkeletonRows() {
  return (
    <div aria-busy="true">
      {[0, 1, 2, 3, 4].map((row) => (
        <div key={row} className="skeleton skeleton-row" />
      ))}
    </div>
  );
}

/**
 * The markup of the static shell in one language (its shell and pages catalogs, merged; English by default), as
 * it goes inside #root. Links are written as the app's hash routes.
 */
export async function renderStaticShell(locale = "en", catalog: Messages = { ...pagesMessages, ...shellMessages }): Promise<string> {
  i18n.loadAndActivate({ locale, messages: catalog });
  const router = createRouter({
    routeTree: createRootRoute({ component: StaticShell }),
    history: createMemoryHistory({ initialEntries: ["/"] }),
  });
  await router.load();
  const markup = renderToStaticMarkup(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
  // the app runs on hash history (docs/decisions.md "Hash routes under /h5/"): "/pages/…" is "#/pages/…"
  return markup.replace(/ href="\//g, ' href="#/');
}
