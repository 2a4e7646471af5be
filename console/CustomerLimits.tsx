import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";

import { LIMIT_FIELDS, type LimitField, type LimitsView, MONEY_LIMIT_FIELDS } from "#contract/self-limits";

import { api, call } from "./api";
import { money, when } from "./i18n";
import { useLoad } from "./use-load";

/** The limits' names in the console's languages. */
const limitNames: Record<LimitField, MessageDescriptor> = {
  maxBalance: msg`Balance ceiling`,
  maxTurnover1d: msg`Turnover, 1 day`,
  maxTurnover7d: msg`Turnover, 7 days`,
  maxTurnover30d: msg`Turnover, 30 days`,
  maxLosses1d: msg`Net losses, 1 day`,
  maxLosses7d: msg`Net losses, 7 days`,
  maxLosses30d: msg`Net losses, 30 days`,
  maxDeposit1d: msg`Deposits, 1 day`,
  maxDeposit7d: msg`Deposits, 7 days`,
  maxDeposit30d: msg`Deposits, 30 days`,
  maxOpenPositions: msg`Open positions`,
  sessionMinutes: msg`Session length (minutes)`,
  realityCheckMinutes: msg`Reality check every (minutes)`,
  timeoutUntil: msg`Timeout until`,
  excludedUntil: msg`Self-excluded until`,
};

const isMoney = (field: LimitField) => (MONEY_LIMIT_FIELDS as readonly string[]).includes(field);

/**
 * A customer's own limits on the customer page, read-only: the customer alone sets them, and no operator may
 * loosen one or end a timeout or exclusion early (the server has no path for it). Shows what holds now, the
 * loosenings waiting with when each takes effect, and a timeout or exclusion in force.
 */
export function CustomerLimits({ userId }: { userId: number }) {
  const { i18n, t } = useLingui();
  const { data, error } = useLoad(() => call(api.customerLimits, { id: String(userId) }), [userId]);
  if (error) return <p className="error">{error}</p>;
  if (!data) return null;
  const shown = (field: LimitField, value: string) => {
    if (value === "") return t`none`;
    if (field === "timeoutUntil" || field === "excludedUntil") return when(Number(value));
    return isMoney(field) ? money(value) : value;
  };
  const barred = barredUntil(data);
  const set = LIMIT_FIELDS.filter((field) => data.limits[field] !== "");
  return (
    <section className="panel" data-testid="customer-limits">
      <h2>
        <Trans>Limits the customer set</Trans>
      </h2>
      {barred !== null && <p className="flag flag-frozen">{t`Cannot log in until ${when(barred)} (the customer's own choice)`}</p>}
      {set.length === 0 && data.pending.length === 0 ? (
        <p className="hint">
          <Trans>No limits set.</Trans>
        </p>
      ) : (
        <table>
          <thead>
            <tr>
              <th>
                <Trans>Limit</Trans>
              </th>
              <th>
                <Trans>In force</Trans>
              </th>
              <th>
                <Trans>Waiting to loosen</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {LIMIT_FIELDS.filter((field) => set.includes(field) || data.pending.some((change) => change.field === field)).map((field) => {
              const change = data.pending.find((candidate) => candidate.field === field);
              return (
                <tr key={field}>
                  <td>{i18n._(limitNames[field])}</td>
                  <td>{shown(field, data.limits[field])}</td>
                  <td>{change ? t`${shown(field, change.value)} from ${when(change.takesEffectAt)}` : ""}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <p className="hint">
        <Trans>Read-only: only the customer changes these; a loosening takes effect 24 hours after it was asked for.</Trans>
      </p>
    </section>
  );
}

function barredUntil(view: LimitsView): number | null {
  const until = Math.max(Number(view.limits.timeoutUntil || 0), Number(view.limits.excludedUntil || 0));
  return until > view.now ? until : null;
}
