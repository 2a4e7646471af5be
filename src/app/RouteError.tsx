import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useEffect } from "react";

import { errorText } from "../i18n/catalogue";
import { recoverInBrowser } from "./browser-recovery";
import { isChunkLoadError } from "./chunk-errors";

/** Never a blank page: a failed page says so and offers a retry; a missing chunk first tries one reload. */
export function RouteError({ error }: { error: unknown }) {
  const { t } = useLingui();
  const chunk = isChunkLoadError(error);
  useEffect(() => {
    if (chunk) void recoverInBrowser();
  }, [chunk]);
  return (
    <main className="page route-error" role="alert" data-testid="route-error">
      <h1 className="empty-title">{chunk ? errorText("chunk_load_failed") : t`Something went wrong`}</h1>
      <p className="empty-text">
        {chunk ? (
          <Trans>Check your connection. The app may also have been updated: reloading fetches the new version.</Trans>
        ) : (
          <Trans>This page failed to open. Try again, or go back to the home page.</Trans>
        )}
      </p>
      <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
        <Trans>Reload</Trans>
      </button>
      <Link to="/" className="button">
        <Trans>Home</Trans>
      </Link>
    </main>
  );
}
