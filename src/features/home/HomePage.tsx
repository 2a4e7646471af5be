import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { Empty } from "../../ui/Empty";

/** Home: the brand, the quotes (given by the route), and the way in for visitors. */
export function HomePage({ loggedIn, quotes }: { loggedIn: boolean; quotes: ReactNode }) {
  const { t } = useLingui();
  return (
    <main className="page page-tab">
      <header className="home-header">
        <h1 className="brand">TradePWA</h1>
        {!loggedIn && (
          <Link to="/pages/login/login" className="button button-small">
            <Trans>Log in</Trans>
          </Link>
        )}
      </header>
      {quotes ?? <Empty title={t`Quotes are unavailable`} text={t`The quotes could not be loaded. Check your connection and try again.`} />}
    </main>
  );
}
