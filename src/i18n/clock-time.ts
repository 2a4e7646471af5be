import { useLingui } from "@lingui/react";
import { useMemo } from "react";

import { BCP47, toLanguageCode } from "#contract/languages";

const timeFormats = new Map<string, Intl.DateTimeFormat>();
const digitFormats = new Map<string, { whole: Intl.NumberFormat; twoDigits: Intl.NumberFormat }>();

/** A time of day in the device's time zone, hours and minutes on a 24-hour clock in the language's form: "14:35". */
export function formatClockTime(unixSeconds: number, language: string): string {
  const code = toLanguageCode(language);
  let format = timeFormats.get(code);
  if (!format) {
    format = new Intl.DateTimeFormat(BCP47[code], { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
    timeFormats.set(code, format);
  }
  return format.format(new Date(unixSeconds * 1000));
}

/** A short wait as minutes and seconds, "1:05", with the language's digits. */
export function formatMinutesSeconds(seconds: number, language: string): string {
  const code = toLanguageCode(language);
  let formats = digitFormats.get(code);
  if (!formats) {
    formats = {
      whole: new Intl.NumberFormat(BCP47[code], { useGrouping: false }),
      twoDigits: new Intl.NumberFormat(BCP47[code], { minimumIntegerDigits: 2, useGrouping: false }),
    };
    digitFormats.set(code, formats);
  }
  const left = Math.max(0, Math.floor(seconds));
  return `${formats.whole.format(Math.floor(left / 60))}:${formats.twoDigits.format(left % 60)}`;
}

/** formatClockTime and formatMinutesSeconds in the active interface language. */
export function useClockFormats() {
  const { i18n } = useLingui();
  const language = i18n.locale;
  return useMemo(
    () => ({
      clockTime: (unixSeconds: number) => formatClockTime(unixSeconds, language),
      minutesSeconds: (seconds: number) => formatMinutesSeconds(seconds, language),
    }),
    [language],
  );
}
