import { useLingui } from "@lingui/react";

import { BCP47, toLanguageCode } from "#contract/languages";

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
