import { useLingui } from "@lingui/react";

import {
  type DurationWidth,
  formatAmount,
  formatDuration,
  formatPercent,
  formatRelativeTime,
  type PercentOptions,
} from "#contract/locale-format";

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

/** formatDuration in the active interface language; re-renders when the language changes. */
export function useDurationFormat(): (seconds: number, width?: DurationWidth) => string {
  const { i18n } = useLingui();
  const language = i18n.locale;
  return (seconds, width) => formatDuration(seconds, language, width);
}

/** formatRelativeTime in the active interface language; re-renders when the language changes. */
export function useRelativeTimeFormat(): (secondsFromNow: number) => string {
  const { i18n } = useLingui();
  const language = i18n.locale;
  return (secondsFromNow) => formatRelativeTime(secondsFromNow, language);
}
