import { Trans } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";

import { ConsoleLayout } from "../ConsoleLayout";

/**
 * What a console address that matches no page shows (an old bookmark, a mistyped hash): the console's frame, so
 * the navigation is still there, a sentence saying so, and the way back to the dashboard.
 */
export function NotFoundPage() {
  return (
    <ConsoleLayout>
      <section className="not-found" data-testid="not-found">
        <h1>
          <Trans>Page not found</Trans>
        </h1>
        <p>
          <Trans>No page of the back office has this address. It may be mistyped, or the page may have moved.</Trans>
        </p>
        <p>
          <Link to="/">
            <Trans>Go to the dashboard</Trans>
          </Link>
        </p>
      </section>
    </ConsoleLayout>
  );
}
