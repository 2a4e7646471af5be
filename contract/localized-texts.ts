import { DEFAULT_LANGUAGE, LANGUAGE_CODES, type LanguageCode } from "./languages";

/**
 * A customer-facing name in the languages other than English. English lives in the record's own column
 * (product name, plan title, channel name or note) and is the fallback for any language missing here.
 */
export type Translations = Partial<Record<LanguageCode, string>>;

/** The languages an operator may translate into: every one but English, which is the record's own text. */
export const TRANSLATED_LANGUAGES = LANGUAGE_CODES.filter((code) => code !== DEFAULT_LANGUAGE) as Exclude<LanguageCode, "en">[];
export type TranslatedLanguage = (typeof TRANSLATED_LANGUAGES)[number];

/** The text to show in `language`: its translation when there is one, else the English text. */
export function localText(english: string, translations: Translations | null | undefined, language: LanguageCode): string {
  if (language === DEFAULT_LANGUAGE) return english;
  const text = translations?.[language]?.trim();
  return text ? text : english;
}

/** The form field carrying a field's text in one language: `name_de`, `title_jp`. */
export const translationKey = <F extends string>(field: F, language: TranslatedLanguage) => `${field}_${language}` as const;

/**
 * A record's translations after a form's change: a language the form sent replaces the stored text (an empty
 * field removes it, so the language falls back to English), one it did not send keeps its text.
 */
export function withTranslations(stored: Translations | null | undefined, input: Record<string, unknown>, field: string): Translations {
  const texts: Translations = { ...stored };
  for (const code of TRANSLATED_LANGUAGES) {
    const sent = input[translationKey(field, code)];
    if (typeof sent !== "string") continue;
    if (sent.trim()) texts[code] = sent.trim();
    else delete texts[code];
  }
  return texts;
}
