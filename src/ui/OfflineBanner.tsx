import { useLingui } from "@lingui/react/macro";

import { formatDateTime } from "../i18n/format";

/** Tells the reader that what they see is a saved copy, and from when. */
export function OfflineBanner({ since }: { since: number }) {
  const { t } = useLingui();
  const time = formatDateTime(since);
  return (
    <p className="offline-banner" role="status">
      {t`Offline — as of ${time}`}
    </p>
  );
}
