import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useContext } from "react";

import type { PendingMoneyRuleChange } from "#contract/ops-money-answers";

import { api, call } from "../api";
import { FormStatus } from "../FormStatus";
import { money, when } from "../i18n";
import { OperatorContext, useMay } from "../operator-context";
import { useLoad } from "../use-load";
import { useSubmit } from "../use-submit";

/** The form's inputs: every rule but the window, which is edited as its two ends. */
const FIELDS = [
  "rechargeMin",
  "rechargeApproveMax",
  "rechargeNotice",
  "withdrawMin",
  "withdrawMax",
  "withdrawFeeRate",
  "dailyCount",
  "windowStart",
  "windowEnd",
  "timezone",
  "dualApprovalAbove",
  "coinRate",
  "payoutCap",
  "firstWithdrawalRealName",
] as const;
type Field = (typeof FIELDS)[number];

/**
 * The money rules (server/modules/money/settings.ts): recharge minimum and notice, withdrawal limits, fee,
 * window and daily count, the first-withdrawal real-name rule, the coin rate, the recharge cap, the two-person amount and
 * the payout cap. Only the fields
 * that changed are sent, as the CLI's `money-rules key=value …` does (the window only when one of its ends
 * changed). A change that loosens a control waits below for another admin.
 */
export function MoneyRulesPage() {
  const { t } = useLingui();
  const save = useSubmit();
  const { data, error, reload } = useLoad(() => call(api.moneyRules));
  if (error) return <p className="error">{error}</p>;
  if (!data) return null;
  const [windowStart = "", windowEnd = ""] = data.window.split("-");
  const { pendingChanges: _pending, ...shown } = data;
  // the switch is sent as the API takes it: "1" on, "0" off
  const rules: Record<string, string | number> = {
    ...shown,
    windowStart,
    windowEnd,
    firstWithdrawalRealName: shown.firstWithdrawalRealName ? "1" : "0",
  };
  const current = Object.fromEntries(FIELDS.map((name) => [name, String(rules[name] ?? "")])) as Record<Field, string>;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: Field) => String(form.get(name) ?? "").trim();
    const changed: Record<string, string> = {};
    for (const name of FIELDS) {
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
          <label className="wide">
            <Trans>First withdrawal of a customer</Trans>
            <select name="firstWithdrawalRealName" defaultValue={current.firstWithdrawalRealName}>
              <option value="1">{t`Needs a passed real-name check`}</option>
              <option value="0">{t`Allowed without a real-name check (this choice waits for a second admin)`}</option>
            </select>
          </label>
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
      <PendingChanges changes={data.pendingChanges} onDecided={reload} />
      <p className="hint">
        <Trans>
          Now: recharges from {money(data.rechargeMin)}; withdrawals {money(data.withdrawMin)}–{money(data.withdrawMax)}, {data.dailyCount}{" "}
          a day, {data.window} ({data.timezone}).
        </Trans>
      </p>
    </section>
  );
}

/** The loosening changes waiting for a second admin; an admin other than the proposer may approve or reject each. */
function PendingChanges(props: { changes: PendingMoneyRuleChange[]; onDecided: () => void }) {
  const { t } = useLingui();
  const operator = useContext(OperatorContext);
  const may = useMay();
  const decide = useSubmit();
  if (props.changes.length === 0) return null;
  const send = (id: number, decision: "approve" | "reject") =>
    void decide
      .submit(() => call(api.decideMoneyRuleChange, { id: String(id), decision }), decision === "approve" ? t`Applied` : t`Rejected`)
      .then((ok) => ok && props.onDecided());
  return (
    <section className="panel" aria-labelledby="pending-rules">
      <h2 id="pending-rules">
        <Trans>Waiting for a second admin</Trans>
      </h2>
      <p className="hint">
        <Trans>These changes loosen a money control. They apply only when an admin other than the one who asked approves them.</Trans>
      </p>
      <table>
        <thead>
          <tr>
            <th>
              <Trans>Change</Trans>
            </th>
            <th>
              <Trans>Asked by</Trans>
            </th>
            <th>
              <Trans>Decision</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {props.changes.map((change) => (
            <tr key={change.id} data-testid="pending-rule-change">
              <td>
                {Object.entries(change.change)
                  .map(([field, value]) => `${field} = ${value}`)
                  .join(", ")}
              </td>
              <td>
                {change.proposedByName}, {when(change.proposedAt)}
              </td>
              <td>
                {!may(api.decideMoneyRuleChange) ? (
                  <Trans>An admin decides</Trans>
                ) : operator?.id === change.proposedBy ? (
                  <Trans>You asked for it: another admin decides</Trans>
                ) : (
                  <>
                    <button type="button" disabled={decide.busy} onClick={() => send(change.id, "approve")}>
                      <Trans>Approve and apply</Trans>
                    </button>{" "}
                    <button type="button" className="reject" disabled={decide.busy} onClick={() => send(change.id, "reject")}>
                      <Trans>Reject</Trans>
                    </button>
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <FormStatus error={decide.error} notice={decide.notice} />
    </section>
  );
}
