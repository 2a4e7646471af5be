import type { ErrorKey } from "#contract/catalogue";
import { parseAmount } from "#contract/money";
import type { WindowState } from "#contract/withdraw-window";
import type { WithdrawRules } from "#contract/withdrawal";

/** A refusal the rules on the page already decide, with the values its text names. */
export interface FormRefusal {
  key: ErrorKey;
  values?: Record<string, string>;
}

/**
 * What the server would refuse of this request, by the rules it sent with the page, in the order it checks them:
 * said under the form, before the confirmation sheet asks for the fund password. The server checks all of it
 * again; this only spares the customer a sheet that cannot succeed. Null: nothing the page can tell.
 */
export function withdrawFormRefusal(
  cents: number,
  rules: WithdrawRules & { realNameRequired?: boolean },
  hours: WindowState | null,
  balanceCents: number | null,
  text: (amount: string) => string = (amount) => amount,
): FormRefusal | null {
  if (hours && !hours.open) return { key: "withdraw_time_limit" };
  if (rules.realNameRequired) return { key: "withdraw_real_name_required" };
  const min = parseAmount(rules.min);
  const max = parseAmount(rules.max);
  if ((min !== null && cents < min) || (max !== null && cents > max))
    return { key: "withdraw_amount_limit", values: { min: text(rules.min), max: text(rules.max) } };
  if (rules.usedToday >= rules.dailyCount) return { key: "withdraw_count_limit" };
  if (balanceCents !== null && cents > balanceCents) return { key: "balance_insufficient" };
  return null;
}
