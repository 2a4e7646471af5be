import { Trans, useLingui } from "@lingui/react/macro";
import type { FormEvent } from "react";

import type { MoneyRules } from "#contract/ops-money-answers";

import { api, call } from "../api";
import { FormStatus } from "../FormStatus";
import { money } from "../i18n";
import { useLoad } from "../use-load";
import { useSubmit } from "../use-submit";

type Field = Exclude<keyof MoneyRules, "window"> | "windowStart" | "windowEnd";

/**
 * The money rules (server/modules/money/settings.ts): recharge minimum and notice, withdrawal limits, fee,
 * window and daily count, the coin rate, the recharge cap, the two-person amount and the payout cap. Only the fields that changed are sent, as
 * the CLI's `money-rules key=value …` does.
 */
export function MoneyRulesPage() {
  const { t } = useLingui();
  const save = useSubmit();
  const { data, error, reload } = useLoad(() => call(api.moneyRules));
  if (error) return <p className="error">{error}</p>;
  if (!data) return null;
  const [windowStart = "", windowEnd = ""] = data.window.split("-");
  const current: Record<Field, string> = {
    ...data,
    dailyCount: String(data.dailyCount),
    windowStart,
    windowEnd,
  } as Record<Field, string>;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: Field) => String(form.get(name) ?? "").trim();
    const changed: Record<string, string> = {};
    for (const name of Object.keys(current) as Field[]) {
      if (name === "windowStart" || name === "windowEnd" || value(name) === current[name]) continue;
      changed[name] = value(name);
    }
    if (value("windowStart") !== windowStart || value("windowEnd") !== windowEnd)
      changed.window = `${value("windowStart")}-${value("windowEnd")}`;
    if (Object.keys(changed).length === 0) return;
    void save.submit(() => call(api.setMoneyRules, changed), t`Saved`).then((ok) => ok && reload());
  };
  const input = (name: Field, label: string, props: { inputMode?: "decimal" | "numeric"; pattern?: string; wide?: boolean } = {}) => (
    <label className={props.wide ? "wide" : undefined}>
      {label}
      <input name={name} defaultValue={current[name]} inputMode={props.inputMode} pattern={props.pattern} />
    </label>
  );
  const time = "([01]\\d|2[0-4]):[0-5]\\d";
  return (
    <section>
      <h1>
        <Trans>Money rules</Trans>
      </h1>
      <form className="rules" onSubmit={submit} key={JSON.stringify(data)}>
        <fieldset className="panel">
          <legend>
            <Trans>Recharge</Trans>
          </legend>
          {input("rechargeMin", t`Smallest recharge`, { inputMode: "decimal" })}
          {input("rechargeApproveMax", t`Largest recharge an operator may approve`, { inputMode: "decimal" })}
          <label className="wide">
            <Trans>Notice on the recharge page</Trans>
            <textarea name="rechargeNotice" defaultValue={current.rechargeNotice} maxLength={500} rows={3} />
          </label>
        </fieldset>
        <fieldset className="panel">
          <legend>
            <Trans>Withdrawal</Trans>
          </legend>
          {input("withdrawMin", t`Smallest withdrawal`, { inputMode: "decimal" })}
          {input("withdrawMax", t`Largest withdrawal`, { inputMode: "decimal" })}
          {input("withdrawFeeRate", t`Fee rate (0.01 = 1 %, below 0.2)`, { inputMode: "decimal" })}
          {input("dailyCount", t`Withdrawals per customer a day`, { inputMode: "numeric" })}
          {input("windowStart", t`Window opens (HH:MM)`, { pattern: time })}
          {input("windowEnd", t`Window closes (HH:MM, 24:00 for midnight)`, { pattern: time })}
          {input("timezone", t`Time zone of the window (e.g. Asia/Shanghai)`)}
          {input("dualApprovalAbove", t`Two approvals above this amount, withdrawals and recharges (0: off)`, { inputMode: "decimal" })}
        </fieldset>
        <fieldset className="panel">
          <legend>
            <Trans>Exchange</Trans>
          </legend>
          {input("coinRate", t`Cash per coin`, { inputMode: "decimal" })}
        </fieldset>
        <fieldset className="panel">
          <legend>
            <Trans>Trading</Trans>
          </legend>
          {input("payoutCap", t`Highest payout rate of a settlement option (below 1, e.g. 0.95)`, { inputMode: "decimal" })}
        </fieldset>
        <div className="actions">
          <button type="submit" disabled={save.busy}>
            <Trans>Save changes</Trans>
          </button>
          <FormStatus error={save.error} notice={save.notice} />
        </div>
      </form>
      <p className="hint">
        <Trans>
          Now: recharges from {money(data.rechargeMin)}; withdrawals {money(data.withdrawMin)}–{money(data.withdrawMax)}, {data.dailyCount}{" "}
          a day, {data.window} ({data.timezone}).
        </Trans>
      </p>
    </section>
  );
}
