import { useLingui } from "@lingui/react/macro";

import { useAmountFormat } from "@/i18n/format";
import { CURRENCY } from "#contract/constants";
import type { TicketProblem } from "#contract/trading-math";

/** The rule an amount breaks, in words, with the limits in the language's grouping; null when it breaks none. */
export function useProblemText(found: TicketProblem | null): string | null {
  const { t } = useLingui();
  const money = useAmountFormat();
  if (!found) return null;
  switch (found.kind) {
    case "amount_invalid":
      return t`Enter an amount in ${CURRENCY}, with at most two decimals.`;
    case "amount_too_small": {
      const min = money(found.min / 100);
      return t`The amount must be at least ${min}.`;
    }
    case "amount_too_large": {
      const max = money(found.max / 100);
      return t`The amount can be at most ${max}.`;
    }
    case "balance_insufficient": {
      const needed = money(found.needed / 100);
      const have = money(found.balance / 100);
      return t`Amount plus fee is ${needed}, more than your balance ${have}.`;
    }
  }
}
