import { i18n, type Messages } from "@lingui/core";

import { BCP47, type LanguageCode } from "#contract/languages";

import { readStoredLanguage, storeLanguage } from "./language";

export { i18n };

// Two chunks per language (lingui.config.ts): the shell's text, which the first screen waits for, and every
// other page's text, which loads when the first page that needs it opens (on Home, once Home is shown: it needs
// none of it). Only the chosen language is fetched.
type Catalog = { messages: Messages };
const shellCatalogs = import.meta.glob<Catalog>("../../locales/*/shell.ts");
const pagesCatalogs = import.meta.glob<Catalog>("../../locales/*/pages.ts");

async function loadCatalog(catalogs: Record<string, () => Promise<Catalog>>, path: string): Promise<Messages> {
  const load = catalogs[path];
  if (!load) throw new Error(`no catalog ${path}`);
  return (await load()).messages;
}

type PagesLoad = { promise: Promise<void>; failed: boolean; code: LanguageCode };
let pagesLoad: PagesLoad | null = null;
// the language whose page texts are wanted: set at start-up, before the load itself may start
let pagesCode: LanguageCode | null = null;

function startPagesLoad(code: LanguageCode): void {
  // Loading adds the page texts to the active catalog and re-renders whatever already shows.
  const load: PagesLoad = {
    code,
    failed: false,
    promise: loadCatalog(pagesCatalogs, `../../locales/${code}/pages.ts`).then((messages) => i18n.load(code, messages)),
  };
  load.promise.catch(() => (load.failed = true));
  pagesLoad = load;
}

/**
 * Resolves when the active language's page texts are loaded; every page but Home waits for it. A failed fetch
 * (a flaky network before the service worker holds the chunk) is tried again by the next page that waits.
 */
export function pagesCatalogReady(): Promise<void> {
  if (pagesLoad?.failed) startPagesLoad(pagesLoad.code);
  else if (!pagesLoad && pagesCode) startPagesLoad(pagesCode);
  return pagesLoad?.promise ?? Promise.resolve();
}

function activate(code: LanguageCode, messages: Messages): void {
  i18n.loadAndActivate({ locale: code, locales: [BCP47[code]], messages });
  document.documentElement.lang = BCP47[code];
}

/**
 * Start-up: the stored language, or en when none is stored (on every start). The page texts load when asked for
 * (pagesCatalogReady): by the first page that waits for them, which is every page but Home, or once Home is shown.
 */
export async function activateStoredLanguage(): Promise<LanguageCode> {
  const code = readStoredLanguage();
  storeLanguage(code);
  activate(code, await loadCatalog(shellCatalogs, `../../locales/${code}/shell.ts`));
  pagesCode = code;
  return code;
}

/** A switch shows the new language whole: both catalogs load before it is activated. */
export async function switchLanguage(code: LanguageCode): Promise<void> {
  const [shell, pages] = await Promise.all([
    loadCatalog(shellCatalogs, `../../locales/${code}/shell.ts`),
    loadCatalog(pagesCatalogs, `../../locales/${code}/pages.ts`),
  ]);
  // both are loaded: nothing left for pagesCatalogReady to start
  pagesLoad = pagesCode = null;
  activate(code, { ...shell, ...pages });
  storeLanguage(code);
}
