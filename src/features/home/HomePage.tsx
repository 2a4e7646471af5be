import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";

import { Empty } from "@/ui/Empty";
import { RetryButton } from "@/ui/RetryButton";

/** Home: the brand, banners and notices, the quotes, then news and pages (all given by the route). */
export function HomePage({ loggedIn, top, quotes, bottom }: { loggedIn: boolean; top?: ReactNode; quotes: ReactNode; bottom?: ReactNode }) {
  const { t } = useLingui();
  return (
    <main className="page page-tab">
      <header className="home-header">
        <h1 className="brand">TradePWA</h1>
        {!loggedIn && (
          <Link to="/pages/login/login" search={{ redirect: "/" }} className="button button-small">
            <Trans>Log in</Trans>
          </Link>
        )}
      </header>
      {top}
      {quotes ?? (
        <Empty
          title={t`Quotes are unavailable`}
          text={t`The quotes could not be loaded. Check your connection and try again.`}
          action={<RetryButton />}
        />
      )}
      {bottom}
    </main>
  );
}
