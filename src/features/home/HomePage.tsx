import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { Empty } from "../../ui/Empty";

/** Home, before quotes and content exist: says plainly what is not here yet. */
export function HomePage({ loggedIn }: { loggedIn: boolean }) {
  const { t } = useLingui();
  return (
    <main className="page page-tab">
      <header className="home-header">
        <h1 className="brand">TradePWA</h1>
      </header>
      <Empty
        title={t`No market quotes yet`}
        text={t`Quotes, charts, news and notices are not available in this version of the app.`}
        action={
          loggedIn ? undefined : (
            <Link to="/pages/login/register" className="button button-primary">
              <Trans>Create an account</Trans>
            </Link>
          )
        }
      />
    </main>
  );
}
