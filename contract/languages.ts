/** The ten interface languages, under the codes the spec stores in `language`. */
export const LANGUAGE_CODES = ["en", "de", "es", "fr", "hk", "jp", "kor", "th", "zh", "vi"] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];
export const DEFAULT_LANGUAGE: LanguageCode = "en";

/** BCP-47 tags for Intl (dates, numbers, plural rules); the stored codes are not all valid tags. */
export const BCP47: Record<LanguageCode, string> = {
  en: "en",
  de: "de",
  es: "es",
  fr: "fr",
  hk: "zh-Hant-HK",
  jp: "ja",
  kor: "ko",
  th: "th",
  zh: "zh-Hans",
  vi: "vi",
};

/** Each language's own name, shown on the language page in that language. */
export const NATIVE_NAMES: Record<LanguageCode, string> = {
  en: "English",
  de: "Deutsch",
  es: "Español",
  fr: "Français",
  hk: "繁體中文",
  jp: "日本語",
  kor: "한국어",
  th: "ไทย",
  zh: "简体中文",
  vi: "Tiếng Việt",
};

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === "string" && (LANGUAGE_CODES as readonly string[]).includes(value);
}

export function toLanguageCode(value: unknown): LanguageCode {
  return isLanguageCode(value) ? value : DEFAULT_LANGUAGE;
}
