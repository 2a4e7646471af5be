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

/**
 * formatDateTime for use inside a sentence: the same text, with non-breaking hyphens and a no-break space, so a
 * narrow line wraps before or after the date and time, never inside them ("2026-" / "11-27").
 */
export function formatDateTimeInText(unixSeconds: number): string {
  return formatDateTime(unixSeconds).replace(/-/g, "\u2011").replace(" ", "\u00a0");
}

const openingFormats = new Map<string, Intl.DateTimeFormat>();

/** When a market opens, in the device's time zone and the language's words: "Mon 00:00" in en, "周一 00:00" in zh. */
export function formatOpening(unixSeconds: number, language: string): string {
  const code = toLanguageCode(language);
  const format = cachedFormat(
    openingFormats,
    code,
    () => new Intl.DateTimeFormat(BCP47[code], { weekday: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }),
  );
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
  const format = cachedFormat(
    amountFormats,
    code,
    () => new Intl.NumberFormat(BCP47[code], { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  );
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
export function cachedFormat<F>(cache: Map<string, F>, key: string, build: () => F): F {
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
