import { useLingui } from "@lingui/react";

import { BCP47, toLanguageCode } from "#contract/languages";
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

const countFormats = new Map<string, Intl.NumberFormat>();

/** A whole number (a count of seconds, of orders) in a language's digits and grouping. */
export function formatCount(value: number, language: string): string {
  const code = toLanguageCode(language);
  let format = countFormats.get(code);
  if (!format) {
    format = new Intl.NumberFormat(BCP47[code], { maximumFractionDigits: 0, useGrouping: true });
    countFormats.set(code, format);
  }
  return format.format(value);
}

/** formatCount in the active interface language; re-renders when the language changes. */
export function useCountFormat(): (value: number) => string {
  const { i18n } = useLingui();
  const language = i18n.locale;
  return (value) => formatCount(value, language);
}

/** formatPercent in the active interface language; re-renders when the language changes. */
export function usePercentFormat(): (rate: string | number, options?: PercentOptions) => string {
  const { i18n } = useLingui();
  const language = i18n.locale;
  return (rate, options) => formatPercent(rate, language, options);
}
