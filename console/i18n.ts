import { i18n } from "@lingui/core";

import { formatPercent } from "#contract/locale-format";
import { formatRelativeTime } from "#contract/time-format";

import { messages as en } from "./locales/en";
import { messages as zh } from "./locales/zh";

export { i18n };

export type ConsoleLanguage = "en" | "zh";
const catalogs = { en, zh };

export function activateLanguage(language: ConsoleLanguage) {
  localStorage.setItem("ops-language", language);
  i18n.loadAndActivate({ locale: language, messages: catalogs[language] });
  document.documentElement.lang = language === "zh" ? "zh-CN" : "en";
}

export const storedLanguage = (): ConsoleLanguage => (localStorage.getItem("ops-language") === "zh" ? "zh" : "en");

/** Seconds as the largest whole unit: "4 min", "2 h", "3 d". */
export function age(seconds: number | null): string {
  if (seconds === null) return "—";
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`;
  if (seconds < 86400) return `${Math.floor(seconds / 3600)} h`;
  return `${Math.floor(seconds / 86400)} d`;
}

/** A rate as a percentage in the console's language, up to `decimals` places: "0.85" → "85%". */
export const ratePercent = (rate: string, decimals: number) => formatPercent(rate, i18n.locale, { decimals });

/** How long ago, in the console's language: "3 min. ago", "3分钟前". */
export const ago = (seconds: number) => formatRelativeTime(-seconds, i18n.locale);

export const when = (unix: number) =>
  new Intl.DateTimeFormat(i18n.locale === "zh" ? "zh-CN" : "en-GB", { dateStyle: "short", timeStyle: "medium" }).format(
    new Date(unix * 1000),
  );

const amountFormats: Record<ConsoleLanguage, Intl.NumberFormat> = {
  en: new Intl.NumberFormat("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  zh: new Intl.NumberFormat("zh-CN", { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
};

/** An amount from the API ("12345.60") with the language's grouping: "12,345.60"; what is not a number shows as sent. */
export function money(value: string | number): string {
  const number = Number(value);
  if (String(value).trim() === "" || !Number.isFinite(number)) return String(value);
  // no "-0.00" for a value that is zero
  return amountFormats[i18n.locale === "zh" ? "zh" : "en"].format(number === 0 ? 0 : number);
}
