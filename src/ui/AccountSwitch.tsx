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
  // [value, label, the label a narrow phone's trade screen shows]: "Practice", French "Entraînement" or Vietnamese "Tập luyện"
  // beside the product would leave the name "EUR/U…" at 320 px, so the head says the language's short word
  const options: Array<[OrderAccount, string, string]> = [
    ["real", t`Real`, t`Real`],
    ["practice", t`Practice`, t({ message: "Demo", context: "the Practice account, its short word on a narrow screen" })],
  ];
  return (
    <div
      className={`account-switch${compact ? " account-switch-compact" : ""}`}
      role="radiogroup"
      aria-label={t`Trade with`}
      data-testid="account-switch"
      data-account={account}
    >
      {options.map(([value, label, short]) => (
        <button
          key={value}
          type="button"
          role="radio"
          aria-checked={account === value}
          className={`account-option account-option-${value}`}
          data-testid={`account-${value}`}
          onClick={() => account !== value && onChange(value)}
          // the full word stays the option's name for a screen reader when the short one shows
          aria-label={compact && short !== label ? label : undefined}
        >
          {compact && short !== label ? (
            <>
              <span className="account-label-full">{label}</span>
              <span className="account-label-short" aria-hidden="true">
                {short}
              </span>
            </>
          ) : (
            label
          )}
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
