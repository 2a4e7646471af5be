import "./account-switch.css";

import { useLingui } from "@lingui/react/macro";

import type { OrderAccount } from "#contract/trading";

/**
 * Real / Practice as a two-way switch. Practice is orange wherever it shows (here, the badge, the balance), so
 * the customer can tell at a glance which money an order would stake.
 */
export function AccountSwitch({
  account,
  onChange,
  compact = false,
}: {
  account: OrderAccount;
  onChange: (next: OrderAccount) => void;
  /** the trade screen's head: small enough to sit above the balance */
  compact?: boolean;
}) {
  const { t } = useLingui();
  const options: Array<[OrderAccount, string]> = [
    ["real", t`Real`],
    ["practice", t`Practice`],
  ];
  return (
    <div
      className={`account-switch${compact ? " account-switch-compact" : ""}`}
      role="radiogroup"
      aria-label={t`Trade with`}
      data-testid="account-switch"
      data-account={account}
    >
      {options.map(([value, label]) => (
        <button
          key={value}
          type="button"
          role="radio"
          aria-checked={account === value}
          className={`account-option account-option-${value}`}
          data-testid={`account-${value}`}
          onClick={() => account !== value && onChange(value)}
        >
          {label}
        </button>
      ))}
    </div>
  );
}

/** The orange "Practice" label on a balance, a ticket, a result or an order. */
export function PracticeBadge({ testId = "practice-badge" }: { testId?: string }) {
  const { t } = useLingui();
  return (
    <span className="practice-badge" data-testid={testId}>
      {t`Practice`}
    </span>
  );
}
