import { i18n, type Messages } from "@lingui/core";
import { BCP47, type LanguageCode } from "../../contract/languages";
import { readStoredLanguage, storeLanguage } from "./language";

export { i18n };

// One chunk per catalog, fetched only when that language is chosen.
const catalogs = import.meta.glob<{ messages: Messages }>("./locales/*/messages.ts");

export async function activateLanguage(code: LanguageCode): Promise<void> {
  const load = catalogs[`./locales/${code}/messages.ts`];
  if (!load) throw new Error(`no catalog for ${code}`);
  const { messages } = await load();
  i18n.loadAndActivate({ locale: code, locales: [BCP47[code]], messages });
  document.documentElement.lang = BCP47[code];
}

/** Start-up: the stored language, or en when none is stored (spec §2 "on each app show"). */
export async function activateStoredLanguage(): Promise<LanguageCode> {
  const code = readStoredLanguage();
  storeLanguage(code);
  await activateLanguage(code);
  return code;
}

export async function switchLanguage(code: LanguageCode): Promise<void> {
  await activateLanguage(code);
  storeLanguage(code);
}
