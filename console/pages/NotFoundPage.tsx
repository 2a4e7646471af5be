import { Trans } from "@lingui/react/macro";

import { consoleHref } from "../customer-href";

/**
 * What a console address that matches no page says (an old bookmark, a mistyped hash), and the way back to the
 * dashboard. The router shows it inside the console's frame (NotFoundInFrame in ConsoleLayout.tsx).
 */
export function NotFoundPage() {
  return (
    <section className="not-found" data-testid="not-found">
      <h1>
        <Trans>Page not found</Trans>
      </h1>
      <p>
        <Trans>No page of the back office has this address. It may be mistyped, or the page may have moved.</Trans>
      </p>
      <p>
        <a href={consoleHref("/")}>
          <Trans>Go to the dashboard</Trans>
        </a>
      </p>
    </section>
  );
}
