import { call } from "@/api/client";
import { readToken } from "@/api/session";
import type { LanguageCode } from "#contract/languages";
import { apiPaths as endpoints } from "#contract/paths";

/**
 * Tells the server the language the customer now reads, so the messages it writes them (review outcomes and
 * the like) come in it. Signed out there is no one to tell: the next login carries the language. A failure
 * (offline) is not shown: the switch itself worked, and the next login stores the language again.
 */
export async function tellServerLanguage(code: LanguageCode): Promise<void> {
  if (!readToken()) return;
  await call(endpoints.setLanguage, { lang: code }, { quiet: true });
}
