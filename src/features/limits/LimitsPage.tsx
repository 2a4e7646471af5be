import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";

import { formatDateTimeInText } from "@/i18n/format";
import { Field } from "@/ui/Field";
import { NavBar } from "@/ui/NavBar";
import { useSubmit } from "@/ui/use-submit";
import { fieldLabels } from "#contract/catalogue";
import { COUNT_LIMIT_FIELDS, type LimitsView, type LimitUse, type LoosenableLimitField, MONEY_LIMIT_FIELDS } from "#contract/self-limits";

import { saveLimits } from "./api";

/** What each limit counts, in the customer's words. */
const counts: Record<LoosenableLimitField, MessageDescriptor> = {
  maxBalance: msg`Above it you cannot trade or recharge until it is lower.`,
  maxTurnover1d: msg`The stakes of orders opened in the last 24 hours.`,
  maxTurnover7d: msg`The stakes of orders opened in the last 7 days.`,
  maxTurnover30d: msg`The stakes of orders opened in the last 30 days.`,
  maxLosses1d: msg`Stakes and fees lost less what orders paid back, last 24 hours; an open order counts as lost.`,
  maxLosses7d: msg`Stakes and fees lost less what orders paid back, last 7 days; an open order counts as lost.`,
  maxLosses30d: msg`Stakes and fees lost less what orders paid back, last 30 days; an open order counts as lost.`,
  maxDeposit1d: msg`Recharges submitted in the last 24 hours.`,
  maxDeposit7d: msg`Recharges submitted in the last 7 days.`,
  maxDeposit30d: msg`Recharges submitted in the last 30 days.`,
  maxOpenPositions: msg`Orders open at the same time.`,
  sessionMinutes: msg`Minutes after logging in until you are logged out.`,
  realityCheckMinutes: msg`Minutes between reminders of your time, trades and result.`,
};

/** The use shown beside each limit that has one. */
const useOf: Partial<Record<LoosenableLimitField, keyof LimitUse>> = {
  maxBalance: "balance",
  maxTurnover1d: "turnover1d",
  maxTurnover7d: "turnover7d",
  maxTurnover30d: "turnover30d",
  maxLosses1d: "losses1d",
  maxLosses7d: "losses7d",
  maxLosses30d: "losses30d",
  maxDeposit1d: "deposit1d",
  maxDeposit7d: "deposit7d",
  maxDeposit30d: "deposit30d",
  maxOpenPositions: "openPositions",
};

const FIELDS: LoosenableLimitField[] = [...MONEY_LIMIT_FIELDS, ...COUNT_LIMIT_FIELDS];
const DAY = 86_400;
/** A break's lengths (days) and an exclusion's; the first of each a little over its minimum, for the clock moves on. */
const BREAKS = [{ days: 1, extra: 3600 }, { days: 7 }, { days: 14 }, { days: 30 }, { days: 42 }];
const EXCLUSIONS = [{ days: 183, extra: 3600 }, { days: 365 }, { days: 730 }, { days: 1826 }];

/**
 * The customer's own limits (Mine → Security → Limits): each with what it counts, the use against it and a
 * loosening waiting with the time it takes effect; a form to change them (a tighter value holds at once, a
 * looser one 24 hours later) and a break or a self-exclusion, which nobody can end early.
 */
export function LimitsPage({ view: loaded }: { view: LimitsView }) {
  const { t, i18n } = useLingui();
  const { submit, busy } = useSubmit();
  const [view, setView] = useState(loaded);
  const [pause, setPause] = useState("");

  const send = (fields: Record<string, string>) => submit(fields, saveLimits, { onSuccess: (answer) => setView(answer as LimitsView) });

  const onSave = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const changed = Object.fromEntries(
      FIELDS.map((field) => [field, String(form.get(field) ?? "").trim()]).filter(
        ([field, value]) => value !== view.limits[field as LoosenableLimitField],
      ),
    );
    if (Object.keys(changed).length > 0) void send(changed);
  };

  const onPause = () => {
    const [field, days] = pause.split(":");
    const chosen = [...BREAKS, ...EXCLUSIONS].find((option) => String(option.days) === days);
    if (!field || !chosen) return;
    if (!window.confirm(t`This cannot be undone: you will not be able to log in until it ends. Continue?`)) return;
    void send({ [field]: String(view.now + chosen.days * DAY + (chosen.extra ?? 0)) });
  };

  return (
    <main className="page">
      <NavBar title={t`Limits`} />
      {/* keyed by what holds, so a save shows the stored values (as the server wrote them) in the fields */}
      <form key={JSON.stringify(view.limits)} className="form" onSubmit={onSave} data-testid="limits-form">
        <p className="form-lead">
          <Trans>A lower limit holds at once. A higher one, or removing a limit, takes effect 24 hours later.</Trans>
        </p>
        {FIELDS.map((field) => {
          const pending = view.pending.find((change) => change.field === field);
          const used = useOf[field];
          const limit = view.limits[field];
          return (
            <div key={field} className="limit-row" data-testid={`limit-${field}`}>
              <Field
                label={i18n._(fieldLabels[field])}
                name={field}
                defaultValue={limit}
                inputMode={MONEY_LIMIT_FIELDS.includes(field as never) ? "decimal" : "numeric"}
                placeholder={t`No limit`}
                hint={i18n._(counts[field])}
              />
              {used && (
                <p className="menu-hint">
                  {limit === "" ? t`Used: ${String(view.use[used])}` : t`Used: ${String(view.use[used])} of ${limit}`}
                </p>
              )}
              {pending && (
                <p className="menu-hint" data-testid={`pending-${field}`}>
                  {pending.value === ""
                    ? t`Removed from ${formatDateTimeInText(pending.takesEffectAt)}`
                    : t`Changes to ${pending.value} from ${formatDateTimeInText(pending.takesEffectAt)}`}
                </p>
              )}
            </div>
          );
        })}
        <div className="form-foot">
          <button type="submit" className="button button-primary" disabled={busy}>
            <Trans>Save limits</Trans>
          </button>
        </div>
      </form>
      <section className="form">
        <h2 className="section-title">
          <Trans>Take a break</Trans>
        </h2>
        <p className="form-lead">
          <Trans>A break lasts 1 day to 6 weeks, a self-exclusion 6 months to 5 years. Open orders still settle.</Trans>
        </p>
        <select className="field-input" value={pause} onChange={(event) => setPause(event.target.value)} aria-label={t`Length`}>
          <option value="">{t`Choose a length`}</option>
          {BREAKS.map(({ days }) => (
            <option key={`b${days}`} value={`timeoutUntil:${days}`}>
              {t`Break: ${days} days`}
            </option>
          ))}
          {EXCLUSIONS.map(({ days }) => (
            <option key={`e${days}`} value={`excludedUntil:${days}`}>
              {t`Self-exclusion: ${days} days`}
            </option>
          ))}
        </select>
        <div className="form-foot">
          <button type="button" className="button" disabled={busy || pause === ""} onClick={onPause}>
            <Trans>Start</Trans>
          </button>
        </div>
      </section>
    </main>
  );
}
