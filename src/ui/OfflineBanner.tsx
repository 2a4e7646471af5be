import { useLingui } from "@lingui/react/macro";

import { formatDateTime } from "../i18n/format";

/**
 * Tells the reader that what they see is a saved copy, and from when; `waiting` adds what the page has kept to
 * send once the device is back online (a support chat line).
 */
export function OfflineBanner({ since, waiting }: { since: number; waiting?: string }) {
  const { t } = useLingui();
  const time = formatDateTime(since);
  return (
    <p className="offline-banner" role="status">
      {t`Offline — as of ${time}`}
      {waiting && (
        <>
          {" · "}
          <span data-testid="offline-waiting">{waiting}</span>
        </>
      )}
    </p>
  );
}
