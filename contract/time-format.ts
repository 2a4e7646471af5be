/**
 * Durations and relative times in a language's own words, through Intl. Apart from locale-format.ts because Home
 * shows neither: the pages that do (the ticket, orders, the code button) load it with their own code.
 */
import { BCP47, toLanguageCode } from "./languages";
import { cachedFormat } from "./locale-format";

/** How much room a duration has: "narrow" for chips in a row ("5m", "5 Min."), "short" for labels ("5 min"). */
export type DurationWidth = "narrow" | "short";

const durationUnits = [
  ["day", 86_400],
  ["hour", 3_600],
  ["minute", 60],
  ["second", 1],
] as const;

const durationFormats = new Map<string, Intl.NumberFormat>();

/**
 * A span of whole seconds in its largest whole unit, in a language's own words: 30 → "30 sec" / "30 Sek." /
 * "30秒", 300 → "5 min", 3600 → "1 hr", 90 → "90 sec". Intl.NumberFormat's unit style, because
 * Intl.DurationFormat is missing from browsers we support (Chrome before 129, Firefox before 136).
 */
export function formatDuration(seconds: number, language: string, width: DurationWidth = "short"): string {
  const whole = Math.max(0, Math.round(seconds));
  const [unit, size] = durationUnits.find(([, step]) => whole >= step && whole % step === 0) ?? durationUnits[3];
  const code = toLanguageCode(language);
  const format = cachedFormat(
    durationFormats,
    `${code}|${unit}|${width}`,
    () => new Intl.NumberFormat(BCP47[code], { style: "unit", unit, unitDisplay: width }),
  );
  return format.format(whole / size);
}

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

/**
 * A moment relative to now in a language's own words, in the largest whole unit below it: +8 → "in 8 sec.",
 * −200 → "3 min. ago" (en, short style). Positive seconds are ahead, negative ones behind.
 */
export function formatRelativeTime(secondsFromNow: number, language: string): string {
  const whole = Math.round(secondsFromNow);
  const [unit, size] = durationUnits.find(([, step]) => Math.abs(whole) >= step) ?? durationUnits[3];
  const code = toLanguageCode(language);
  const format = cachedFormat(relativeFormats, code, () => new Intl.RelativeTimeFormat(BCP47[code], { style: "short", numeric: "always" }));
  // whole units, towards zero: 200 s ago is "3 min ago", not "4"
  const count = Math.trunc(whole / size);
  return format.format(Object.is(count, -0) ? 0 : count, unit);
}
