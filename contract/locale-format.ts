/**
 * Numbers, percentages, durations and relative times in a language's own form, through Intl: one source for the
 * PWA, the console and the server's texts (refusals, inbox messages), so the customer reads one format everywhere.
 */
import { BCP47, toLanguageCode } from "./languages";

const pad = (value: number) => String(value).padStart(2, "0");

/** Unix seconds as `YYYY-MM-DD HH:mm:ss` in the device's time zone. */
export function formatDateTime(unixSeconds: number): string {
  const date = new Date(unixSeconds * 1000);
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}

const openingFormats = new Map<string, Intl.DateTimeFormat>();

/** When a market opens, in the device's time zone and the language's words: "Mon 00:00" in en, "周一 00:00" in zh. */
export function formatOpening(unixSeconds: number, language: string): string {
  const code = toLanguageCode(language);
  let format = openingFormats.get(code);
  if (!format) {
    format = new Intl.DateTimeFormat(BCP47[code], { weekday: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
    openingFormats.set(code, format);
  }
  return format.format(new Date(unixSeconds * 1000));
}

const amountFormats = new Map<string, Intl.NumberFormat>();

/**
 * An amount for display in a language: the language's grouping and decimal mark, always two decimals
 * ("10000.00" → "10,000.00" in en, "10.000,00" in de). Takes the API's decimal strings or numbers; text that
 * is not a number (a placeholder such as "—") is returned as it is.
 */
export function formatAmount(value: string | number, language: string): string {
  const number = typeof value === "number" ? value : Number(value.trim());
  if (typeof value === "string" && (value.trim() === "" || !Number.isFinite(number))) return value;
  const code = toLanguageCode(language);
  let format = amountFormats.get(code);
  if (!format) {
    format = new Intl.NumberFormat(BCP47[code], { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: true });
    amountFormats.set(code, format);
  }
  // no "-0.00" for a value that rounds to zero
  return format.format(Object.is(number, -0) ? 0 : number);
}

/**
 * Builds the language's amount format ahead of the page that shows amounts, in a task of its own: the first
 * Intl.NumberFormat loads the language's number data, a long task on a slow phone, which would otherwise be
 * a part of that page's first render.
 */
export function prepareAmountFormat(language: string): void {
  if (!amountFormats.has(toLanguageCode(language))) setTimeout(() => formatAmount(0, language));
}

/** One Intl formatter per language and option set, built on first use: building one loads locale data. */
function cachedFormat<F>(cache: Map<string, F>, key: string, build: () => F): F {
  let format = cache.get(key);
  if (!format) {
    format = build();
    cache.set(key, format);
  }
  return format;
}

const percentFormats = new Map<string, Intl.NumberFormat>();

export interface PercentOptions {
  /** most decimals shown (trailing zeros dropped down to `minDecimals`); 2 unless told */
  decimals?: number;
  minDecimals?: number;
  /** a change: "+1.23 %" up, "−0.5 %" down, none at zero */
  signed?: boolean;
}

/**
 * A rate as a percentage in a language's own form: 0.0008 → "0.08%" in en, "0,08 %" in de (a no-break space),
 * "85 %" in fr (a narrow no-break space). Takes the API's rate strings ("0.85") or fractions (a change of
 * 1.23 % is 0.0123); text that is not a number is returned as it is.
 */
export function formatPercent(rate: string | number, language: string, options: PercentOptions = {}): string {
  const fraction = typeof rate === "number" ? rate : Number(rate.trim());
  if (typeof rate === "string" && (rate.trim() === "" || !Number.isFinite(fraction))) return rate;
  const { decimals = 2, minDecimals = 0, signed = false } = options;
  const code = toLanguageCode(language);
  const format = cachedFormat(
    percentFormats,
    `${code}|${decimals}|${minDecimals}|${signed}`,
    () =>
      new Intl.NumberFormat(BCP47[code], {
        style: "percent",
        minimumFractionDigits: Math.min(minDecimals, decimals),
        maximumFractionDigits: decimals,
        signDisplay: signed ? "exceptZero" : "auto",
      }),
  );
  // no "-0 %" for a rate that rounds to zero
  return format.format(Object.is(fraction, -0) ? 0 : fraction);
}

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

/** Daily rates keep two decimals even when they end in zero ("0.10 %"), so plans line up when compared. */
export const DAILY_RATE_PERCENT: PercentOptions = { decimals: 2, minDecimals: 2 };

const decimalFormats = new Map<string, Intl.NumberFormat>();

/**
 * A decimal string in a language's form, grouped, with the decimals it was written with (at least `minDecimals`):
 * ("50000", de) → "50.000", ("0.5000", de) → "0,5000", ("1.08345", fr) → "1,08345", ("10.5", de, 2) → "10,50".
 * Exact: the digits are formatted as written, never through a binary float. Text that is no decimal is returned as it is.
 */
export function formatDecimal(value: string | number, language: string, minDecimals = 0): string {
  const text = String(value).trim();
  const match = /^-?\d+(?:\.(\d+))?$/.exec(text);
  if (!match) return String(value);
  const decimals = Math.min(Math.max(match[1]?.length ?? 0, minDecimals), 20);
  const code = toLanguageCode(language);
  const format = cachedFormat(
    decimalFormats,
    `${code}|${decimals}`,
    () => new Intl.NumberFormat(BCP47[code], { minimumFractionDigits: decimals, maximumFractionDigits: decimals, useGrouping: true }),
  );
  // a decimal string is formatted exactly (Intl's string input); the cast is for TypeScript's older signature
  return format.format(text as unknown as number);
}
