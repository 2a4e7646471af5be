import { useLingui } from "@lingui/react";

import { type DurationWidth, formatDuration, formatRelativeTime } from "#contract/time-format";

// Not in src/i18n (whose every module is in Home's first load): Home shows no duration, the ticket and orders do.

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
