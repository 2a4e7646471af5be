import { DEFAULT_LANGUAGE, type LanguageCode, toLanguageCode } from "#contract/languages";

/** The stored interface language (key `language`, default en). */
export const LANGUAGE_STORAGE_KEY = "language";

export function readStoredLanguage(): LanguageCode {
  try {
    return toLanguageCode(localStorage.getItem(LANGUAGE_STORAGE_KEY));
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export function storeLanguage(code: LanguageCode): void {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, code);
}
