import { useLingui } from "@lingui/react";

import { formatAmount, formatPercent, type PercentOptions } from "#contract/locale-format";

// the formatters themselves live in the contract (the server and the console write the same forms); this layer
// binds them to the active interface language
export * from "#contract/locale-format";

/** formatAmount in the active interface language; re-renders when the language changes. */
export function useAmountFormat(): (value: string | number) => string {
  const { i18n } = useLingui();
  const language = i18n.locale;
  return (value) => formatAmount(value, language);
}

/** formatPercent in the active interface language; re-renders when the language changes. */
export function usePercentFormat(): (rate: string | number, options?: PercentOptions) => string {
  const { i18n } = useLingui();
  const language = i18n.locale;
  return (rate, options) => formatPercent(rate, language, options);
}
