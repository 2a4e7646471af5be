import { Trans, useLingui } from "@lingui/react/macro";
import type { FormEvent } from "react";

import type { PlanWithEarnings as Plan } from "#contract/ops-money-answers";

import { api, call } from "../api";
import { DataTable } from "../DataTable";
import { EditButton } from "../EditButton";
import { formFields } from "../form-fields";
import { FormRow } from "../FormRow";
import { FormStatus } from "../FormStatus";
import { money, ratePercent } from "../i18n";
import { TranslationRows } from "../TranslationRows";
import { useLoad } from "../use-load";
import { useRowEditor } from "../use-row-editor";
import { useSubmit } from "../use-submit";

const planFields = (plan: Plan, enabled = plan.enabled) => ({
  id: String(plan.id),
  title: plan.title,
  dailyRate: plan.dailyRate,
  days: String(plan.days),
  minAmount: plan.minAmount,
  enabled: enabled ? "1" : "0",
});

/** contract/schemas/localized-texts.ts NAME_MAX, named here so the console ships no validator */
const NAME_MAX = 60;

const percentPerDay = (rate: string) => ratePercent(rate, 4);

/** Yuebao plans: rate, term and minimum, on or off. Running subscriptions keep the rate and term they started with. */
export function PlansPage() {
  const { t } = useLingui();
  const toggle = useSubmit();
  const { data, error, reload } = useLoad(() => call(api.listPlansForOps));
  const editor = useRowEditor(data, reload);
  return (
    <section>
      <h1>
        <Trans>Yuebao plans</Trans>
      </h1>
      <p className="hint">
        <Trans>Running subscriptions keep the rate and term they started with; a change applies to new ones.</Trans>
      </p>
      {error && <p className="error">{error}</p>}
      <FormStatus error={toggle.error} notice={toggle.notice} />
      <DataTable
        rows={data}
        rowKey={(row) => row.id}
        testId={(row) => `plan-${row.id}`}
        rowClass={editor.rowClass}
        columns={[
          { head: "#", cell: (row) => row.id },
          { head: <Trans>Title</Trans>, cell: (row) => row.title },
          { head: <Trans>Daily rate</Trans>, cell: (row) => percentPerDay(row.dailyRate) },
          { head: <Trans>Term (days)</Trans>, cell: (row) => row.days },
          { head: <Trans>Minimum</Trans>, cell: (row) => money(row.minAmount), cellClass: () => "amount" },
          {
            head: <Trans>Earning now</Trans>,
            cell: (row) => (
              <>
                {money(row.earningPrincipal)} ({row.earning})
              </>
            ),
            cellClass: () => "amount",
          },
          { head: <Trans>State</Trans>, cell: (row) => (row.enabled ? <Trans>Enabled</Trans> : <Trans>Disabled</Trans>) },
          {
            cell: (row) => (
              <>
                <EditButton onClick={() => editor.toggle(row.id)} />{" "}
                <button
                  type="button"
                  disabled={toggle.busy}
                  onClick={() =>
                    void toggle
                      .submit(() => call(api.setPlan, planFields(row, !row.enabled)), row.enabled ? t`Disabled` : t`Enabled`)
                      .then((ok) => ok && reload())
                  }
                >
                  {row.enabled ? t`Disable` : t`Enable`}
                </button>
              </>
            ),
          },
        ]}
      />
      <button type="button" onClick={editor.startNew}>
        <Trans>New plan</Trans>
      </button>
      {editor.open && <PlanForm key={editor.key} plan={editor.row} onSaved={editor.saved} />}
    </section>
  );
}

function PlanForm({ plan, onSaved }: { plan: Plan | null; onSaved: () => void }) {
  const { t } = useLingui();
  const save = useSubmit();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = {
      ...formFields(event.currentTarget),
      ...(plan ? { id: String(plan.id) } : {}),
      enabled: new FormData(event.currentTarget).get("enabled") ? "1" : "0",
    };
    void save.submit(() => call(api.setPlan, fields), t`Saved`).then((ok) => ok && onSaved());
  };
  return (
    <form className="panel plan-form" onSubmit={submit} aria-label={plan ? t`Edit plan ${plan.title}` : t`New plan`}>
      <h3>{plan ? t`Edit plan ${plan.title}` : t`New plan`}</h3>
      <FormRow label={t`Title (English)`} name="title" defaultValue={plan?.title ?? ""} required maxLength={NAME_MAX} />
      <TranslationRows field="title" label={t`Title`} english={plan?.title ?? ""} texts={plan?.titleTexts} maxLength={NAME_MAX} />
      <FormRow
        label={t`Daily rate (0.0012 = 0.12 % a day, at most 0.01)`}
        name="dailyRate"
        defaultValue={plan?.dailyRate ?? ""}
        inputMode="decimal"
        required
      />
      <FormRow label={t`Term (days)`} name="days" defaultValue={plan?.days ?? ""} inputMode="numeric" required />
      <FormRow label={t`Minimum`} name="minAmount" defaultValue={plan?.minAmount ?? ""} inputMode="decimal" required />
      <label className="inline">
        <input type="checkbox" name="enabled" defaultChecked={plan?.enabled ?? true} /> <Trans>Enabled: customers can join</Trans>
      </label>
      <button type="submit" disabled={save.busy}>
        <Trans>Save plan</Trans>
      </button>
      <FormStatus error={save.error} notice={save.notice} />
    </form>
  );
}
