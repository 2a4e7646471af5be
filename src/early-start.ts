import type { EarlyAnswers } from "./api/early-answers";
import type { EarlyStartPreviews } from "./early-start-preview";

/**
 * The first thing a visit runs, as its own tiny script, started once the first paint is on screen, just
 * before the app's chunks (build/paint-first.ts), so it runs while the shell chunk is still on the wire. It
 * reads the page from the address and starts at once what that page would otherwise ask for only after the
 * shell has arrived and run: its route chunk and
 * stylesheets, the chosen language's catalogs and the API client (as preloads), and its first data requests
 * (fetched with the app's own headers; src/api/early-answers.ts hands them to the app's first identical calls).
 * The build (build/early-start.ts) writes the files each page needs into the `data-preloads` of the
 * <meta name="early-start"> that names this script.
 * It imports nothing from the app: anything it shared would make it wait for the app's chunks.
 */
interface Preloads {
  base: string;
  always: string[];
  routes: Record<string, string[]>;
  catalogs: Record<string, { shell: string; pages: string }>;
  /** the page previews' script (src/early-start-preview.ts) */
  preview: string;
}

// The same keys and defaults as src/api/session.ts and src/i18n/language.ts (LANGUAGE_CODES in contract/languages.ts).
const LANGUAGES = ["en", "de", "es", "fr", "hk", "jp", "kor", "th", "zh", "vi"];
const HOME_PATHS = ["/", "/pages/index/index"];
// what Home's loader reads (src/routes/-home.tsx); a signed-in customer's account on any page (the start-up read)
const HOME_CALLS = ["/api/index/ajaxdata", "/api/index/home"];
const SIGNED_IN_CALLS = ["/api/user/index"];
const SIGNED_IN_HOME_CALLS = ["/api/user/favourites"];
// the trade screen's first reads (src/routes/_auth/pages/trade/trade.tsx → fetchTradeScreen in
// src/features/trading/api.ts), field for field: the product, its candles and the ticket's figures; its search's
// defaults and the periods of contract/markets.ts
const TRADE_PATH = "/pages/trade/trade"; // contract/static-preview.ts TRADE_PATH
const PERIODS = ["1m", "5m", "15m", "30m", "1h", "1d"];

/** The trade screen's first reads for the address's search (`?pid=…&period=…&candles=…`), none without a product. */
export function tradeCalls(query: string): string[] {
  const search = new URLSearchParams(query);
  const pid = Number(search.get("pid")) || 0;
  if (!pid) return [];
  const period = PERIODS.find((known) => known === search.get("period")) ?? "1m";
  const candles = Number(search.get("candles"));
  const limit = candles >= 50 && candles <= 5000 ? candles : 300;
  return [
    `/api/index/getprodata?pid=${pid}`,
    `/api/index/getkdata?pid=${pid}&period=${period}&limit=${limit}`,
    `/api/index/goods?pid=${pid}`,
  ];
}
// contract/static-preview.ts SHELL_PREVIEW_ATTRIBUTE
const PREVIEW_ATTRIBUTE = "data-shell-preview";

function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function preload(href: string): void {
  const link = document.createElement("link");
  // a page's stylesheet is fetched, not applied: the app's loader applies it with the page (in CORS mode, as here)
  const style = href.endsWith(".css");
  link.rel = style ? "preload" : "modulepreload";
  link.as = style ? "style" : "script";
  link.crossOrigin = "";
  link.href = href;
  document.head.append(link);
}

function start(): void {
  const element = document.querySelector<HTMLMetaElement>('meta[name="early-start"]');
  if (!element) return;
  const preloads = JSON.parse(element.dataset.preloads!) as Preloads;
  const [path = "/", query = ""] = (location.hash.replace(/^#/, "") || "/").split("?");
  const storedLanguage = stored("language");
  const language = storedLanguage && LANGUAGES.includes(storedLanguage) ? storedLanguage : "en";
  const token = stored("token");
  const home = HOME_PATHS.includes(path);

  const catalogs = preloads.catalogs[language];
  const files = [
    ...preloads.always,
    ...(preloads.routes[path] ?? []),
    ...(catalogs ? [catalogs.shell, ...(home ? [] : [catalogs.pages])] : []),
  ];
  const preloadFiles = () => {
    for (const file of new Set(files)) preload(preloads.base + file);
  };

  const calls = [
    ...(home ? HOME_CALLS : []),
    ...(token ? SIGNED_IN_CALLS : []),
    ...(token && home ? SIGNED_IN_HOME_CALLS : []),
    // (a page behind the login: without a session the app opens the login page instead)
    ...(token && path === TRADE_PATH ? tradeCalls(query) : []),
  ];
  const headers: Record<string, string> = { language, lang: language, ...(token ? { token } : {}) };
  const answers: EarlyAnswers = new Map();
  for (const call of calls) answers.set(call, { token, language, response: fetch(call, { headers }) });
  (globalThis as { earlyAnswers?: EarlyAnswers }).earlyAnswers = answers;

  // Mine's head from the account read, the trade screen's from the product read, before the app (the head
  // script marked the page; build/paint-first.ts starts the app once this has settled). The page's files wait
  // for it too: only the page's reads are on the wire until the head is on screen.
  const page = document.documentElement.getAttribute(PREVIEW_ATTRIBUTE);
  const read = page === "mine" ? answers.get(SIGNED_IN_CALLS[0]!) : page === "trade" ? answers.get(tradeCalls(query)[0] ?? "") : undefined;
  if ((page === "mine" || page === "trade") && read) {
    // (its own small script, fetched beside the read: no other page's first load carries it)
    const preview = import(/* @vite-ignore */ preloads.base + preloads.preview)
      .then(() => (globalThis as { earlyStartPreviews?: EarlyStartPreviews }).earlyStartPreviews?.[page](read.response))
      .catch(() => undefined);
    (globalThis as { earlyPreview?: Promise<void> }).earlyPreview = preview;
    void preview.then(preloadFiles);
  } else {
    preloadFiles();
  }
}

start();
