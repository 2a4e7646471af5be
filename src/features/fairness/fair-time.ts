import { useLingui } from "@lingui/react";

import { BCP47, toLanguageCode } from "#contract/languages";

const formats = new Map<string, Intl.DateTimeFormat>();

function format(language: string, kind: "minute" | "second" | "day" | "utcDay"): Intl.DateTimeFormat {
  const key = `${language}:${kind}`;
  let found = formats.get(key);
  if (!found) {
    const locale = BCP47[toLanguageCode(language)];
    found =
      kind === "day" || kind === "utcDay"
        ? new Intl.DateTimeFormat(locale, {
            year: "numeric",
            month: "short",
            day: "numeric",
            ...(kind === "utcDay" ? { timeZone: "UTC" } : {}),
          })
        : new Intl.DateTimeFormat(locale, {
            hour: "2-digit",
            minute: "2-digit",
            ...(kind === "second" ? { second: "2-digit" } : {}),
            hourCycle: "h23",
          });
    formats.set(key, found);
  }
  return found;
}

/** The record's instants in the reader's time zone (Intl) and language: a minute (14:05), a second (14:05:10), a day. */
export function useFairTime() {
  const { i18n } = useLingui();
  const language = i18n.locale;
  return {
    minute: (unix: number) => format(language, "minute").format(unix * 1000),
    second: (unix: number) => format(language, "second").format(unix * 1000),
    day: (unix: number) => format(language, "day").format(unix * 1000),
    /** a UTC day (the void counts are per UTC day) */
    utcDay: (unix: number) => format(language, "utcDay").format(unix * 1000),
  };
}
