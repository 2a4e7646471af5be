import { Trans, useLingui } from "@lingui/react/macro";

import { alertKindLabel, alertText } from "./alert-texts";
import { api, call } from "./api";
import { FormStatus } from "./FormStatus";
import { when } from "./i18n";
import { useLoad } from "./use-load";
import { useOpsUpdates } from "./use-ops-updates";
import { useSubmit } from "./use-submit";

/** Alert events of every topic an alert may have: the panel reads the alerts again on these, not on every order. */
export const ALERT_TOPICS = ["orders", "recharge", "withdrawal", "verification"] as const;
export const ALERT_KINDS_HEARD = ["alert_raised", "alert_acknowledged"];

/**
 * The alerts of the operator's topics, live: open ones with Acknowledge (the server records who and when, and
 * every other console drops it from its open list), then those taken in the last day with who took them.
 */
export function AlertsPanel() {
  const { t } = useLingui();
  const action = useSubmit();
  const { data, error, reload } = useLoad(() => call(api.listAlerts));
  useOpsUpdates(ALERT_TOPICS, reload, ALERT_KINDS_HEARD);
  const acknowledge = (id: number) =>
    void action.submit(() => call(api.acknowledgeAlert, { id: String(id) }), t`Acknowledged`).then((ok) => ok && reload());
  return (
    <section className="alerts" aria-labelledby="alerts-title" data-testid="alerts">
      <h2 id="alerts-title">
        <Trans>Alerts</Trans>
      </h2>
      {error && <p className="error">{error}</p>}
      <FormStatus error={action.error} notice={action.notice} />
      {data && data.open.length === 0 && (
        <p className="hint">
          <Trans>No open alert.</Trans>
        </p>
      )}
      {data && data.open.length > 0 && (
        <table>
          <thead>
            <tr>
              <th>{t`Raised`}</th>
              <th>{t`Kind`}</th>
              <th>{t`What`}</th>
              <th>{t`Actions`}</th>
            </tr>
          </thead>
          <tbody>
            {data.open.map((alert) => (
              <tr key={alert.id} data-testid={`alert-${alert.id}`}>
                <td>{when(alert.raisedAt)}</td>
                <td>{alertKindLabel(alert)}</td>
                <td>{alertText(alert)}</td>
                <td>
                  <button type="button" disabled={action.busy} onClick={() => acknowledge(alert.id)}>
                    {t`Acknowledge`}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {data && data.acknowledged.length > 0 && (
        <details>
          <summary>{t`Acknowledged in the last day (${data.acknowledged.length})`}</summary>
          <ul>
            {data.acknowledged.map((alert) => (
              <li key={alert.id}>
                {alertKindLabel(alert)}: {alertText(alert)} —{" "}
                {t`taken by ${alert.acknowledgedBy ?? "?"} at ${when(alert.acknowledgedAt ?? 0)}`}
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}

/** The number of open alerts beside the Dashboard link, kept current by the same events. */
export function AlertBadge() {
  const { t } = useLingui();
  const { data, reload } = useLoad(() => call(api.listAlerts));
  useOpsUpdates(ALERT_TOPICS, reload, ALERT_KINDS_HEARD);
  const open = data?.open.length ?? 0;
  if (open === 0) return null;
  return (
    <span className="alert-badge" role="status" aria-label={t`${open} open alerts`} data-testid="alert-badge">
      {open}
    </span>
  );
}
