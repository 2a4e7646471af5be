import { Trans, useLingui } from "@lingui/react/macro";
import { useSyncExternalStore } from "react";

import { onOpsStreamState, opsStreamIsLive } from "./ops-updates";

/**
 * Says when the page in view updates itself from the console's stream; absent, the page reads again every
 * 15 s (or on its own reload), so an operator knows whether what they see can be a little old.
 */
export function LiveBadge() {
  const { t } = useLingui();
  const live = useSyncExternalStore(onOpsStreamState, opsStreamIsLive);
  if (!live) return null;
  return (
    <span className="live-badge" title={t`Changes appear here as they happen`}>
      <Trans>Live</Trans>
    </span>
  );
}
