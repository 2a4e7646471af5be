import { useLingui } from "@lingui/react/macro";

/** Why a form's button is disabled offline: the action needs the server, and nothing is queued for later. */
export function NeedsConnection() {
  const { t } = useLingui();
  return (
    <p className="ticket-blocked" role="status">
      {t`You are offline. This needs a connection and is never queued.`}
    </p>
  );
}
