import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useState } from "react";

import { useAmountFormat, usePercentFormat } from "@/i18n/format";
import { Empty } from "@/ui/Empty";
import { OfflineBanner } from "@/ui/OfflineBanner";
import type { FinancePlan } from "#contract/finance";
import { DAILY_RATE_PERCENT } from "#contract/finance";

import { belowMinimum, expectedPlanProfit } from "./expected";

/** The Project tab: yuebao plans with the profit an amount would earn over the whole term. */
export function ProjectPage({ plans, offlineSince }: { plans: FinancePlan[]; offlineSince?: number }) {
  const { t } = useLingui();
  const percent = usePercentFormat();
  const [amount, setAmount] = useState("1000");
  const amountText = useAmountFormat();
  return (
    <main className="page page-tab">
      <h1 className="page-title">{t`Investments`}</h1>
      {offlineSince !== undefined && <OfflineBanner since={offlineSince} />}
      <p className="form-lead">
        <Trans>Yuebao plans pay simple interest every day. Principal and profit return to your cash at maturity or when you stop.</Trans>
      </p>
      <label className="field-label" htmlFor="plan-amount">
        {t`Amount to compare`}
      </label>
      <input
        id="plan-amount"
        className="field-input plan-amount"
        inputMode="decimal"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
      />
      {plans.length === 0 ? (
        <Empty title={t`No plans open`} />
      ) : (
        <ul className="record-list plan-list" data-testid="plans">
          {plans.map((plan) => {
            const expected = expectedPlanProfit(amount, plan.dailyRate, plan.days);
            const profit = expected === null ? null : amountText(expected);
            const minimum = amountText(plan.minAmount);
            return (
              <li key={plan.id} className="record">
                <span className="record-line">
                  <strong>{plan.title}</strong>
                  <span>{t`${percent(plan.dailyRate, DAILY_RATE_PERCENT)} a day`}</span>
                </span>
                <span className="record-sub">
                  {t`${plural(plan.days, { one: "# day", other: "# days" })}`} · {t`Minimum ${amountText(plan.minAmount)} U`}
                </span>
                <span className="record-line">
                  <span className="preview" data-testid={`expected-${plan.days}`}>
                    {belowMinimum(amount, plan.minAmount)
                      ? t`Below the minimum of ${minimum} U: reserved, earns nothing until topped up`
                      : profit === null
                        ? "—"
                        : t`Expected profit ${profit} U`}
                  </span>
                  <Link to="/pages/project/details" search={{ id: plan.id }} className="button button-small button-primary">
                    {t`Join`}
                  </Link>
                </span>
              </li>
            );
          })}
        </ul>
      )}
      <Link to="/pages/user/finance" className="button load-more">
        <Trans>My subscriptions</Trans>
      </Link>
    </main>
  );
}
