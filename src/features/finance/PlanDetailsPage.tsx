import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";

import { useAmountFormat, usePercentFormat } from "@/i18n/format";
import { ConfirmSheet } from "@/ui/ConfirmSheet";
import { Field } from "@/ui/Field";
import { NavBar } from "@/ui/NavBar";
import { OfflineBanner } from "@/ui/OfflineBanner";
import { showToast } from "@/ui/toast";
import { useOnline } from "@/ui/use-online";
import { useSubmit } from "@/ui/use-submit";
import type { FinancePlan } from "#contract/finance";
import { DAILY_RATE_PERCENT } from "#contract/finance";
import { parseAmount } from "#contract/money";

import { joinPlan } from "./api";
import { belowMinimum, expectedPlanProfit } from "./expected";

export function PlanDetailsPage({ plan, cash, offlineSince }: { plan: FinancePlan; cash: string; offlineSince?: number }) {
  const { t } = useLingui();
  const percent = usePercentFormat();
  const online = useOnline();
  const [amount, setAmount] = useState(plan.minAmount);
  const [confirming, setConfirming] = useState(false);
  const { submit: send, busy } = useSubmit();
  const amountText = useAmountFormat();
  const expected = expectedPlanProfit(amount, plan.dailyRate, plan.days);
  const profit = expected === null ? null : amountText(expected);
  const cents = parseAmount(amount);
  const reserved = belowMinimum(amount, plan.minAmount);
  const minimum = amountText(plan.minAmount);
  const reservedText = t`Below the minimum of ${minimum} U: reserved, earns nothing until topped up`;

  function review(event: FormEvent) {
    event.preventDefault();
    if (cents === null || cents <= 0) return showToast(t`Enter an amount`);
    setConfirming(true);
  }

  async function confirm(payPassword: string) {
    await send({ planId: plan.id, amount, payPassword }, joinPlan, {
      onSuccess: () => setConfirming(false),
      navigate: { to: "/pages/user/finance" },
    });
  }

  return (
    <main className="page">
      <NavBar title={plan.title} />
      {offlineSince !== undefined && <OfflineBanner since={offlineSince} />}
      <section className="rules">
        <p>{t`Daily rate ${percent(plan.dailyRate, DAILY_RATE_PERCENT)}`}</p>
        <p>{t`Term ${plural(plan.days, { one: "# day", other: "# days" })}`}</p>
        <p>{t`Minimum ${amountText(plan.minAmount)} U`}</p>
        <p>{t`Cash available: ${amountText(cash)} U`}</p>
      </section>
      <form className="form" onSubmit={review} noValidate>
        <Field label={t`Amount`} inputMode="decimal" name="amount" value={amount} onChange={(e) => setAmount(e.target.value)} />
        <p className="preview" data-testid="join-expected">
          {reserved
            ? reservedText
            : profit === null
              ? "—"
              : t`Expected profit ${profit} U over ${plural(plan.days, { one: "# day", other: "# days" })}`}
        </p>
        <p className="ticket-rule">
          <Trans>Below the minimum the plan is reserved and earns nothing until you append; stopping returns every cent.</Trans>
        </p>
        <p className="ticket-rule">{t`Money added to a running plan starts earning from its next full day.`}</p>
        <button type="submit" className="button button-primary" disabled={busy || !online}>
          {t`Join`}
        </button>
      </form>
      {confirming && cents !== null && (
        <ConfirmSheet
          title={t`Confirm joining the plan`}
          rows={[
            { label: t`Amount`, amount: cents / 100, testId: "confirm-amount" },
            { label: t`Fee`, amount: 0, testId: "confirm-fee" },
            { label: t`Into the plan`, amount: cents / 100, testId: "confirm-net" },
            {
              label: t`Investment plan`,
              value: t`${plan.title}, ${plural(plan.days, { one: "# day", other: "# days" })}`,
              testId: "confirm-destination",
            },
            reserved
              ? { label: t`Status`, value: reservedText, testId: "confirm-reserved" }
              : expected === null
                ? { label: t`Expected profit`, value: "—" }
                : { label: t`Expected profit`, amount: expected },
          ]}
          busy={busy}
          online={online}
          onConfirm={confirm}
          onClose={() => setConfirming(false)}
        />
      )}
    </main>
  );
}
