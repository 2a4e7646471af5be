/**
 * The Home preview of the pre-rendered shell (src/app/StaticShell.tsx, docs/decisions.md "Home's first banner
 * in the document"): the build writes Home's banner slide with these markers in place of the first banner's
 * fields, and the server writes the banner a customer would see into the document it sends for a navigation
 * (server/http/index-document.ts). A document without a server behind it (the service worker's copy) keeps the
 * markers, and the head script shows the preview only when the server filled them in.
 */
export const STATIC_HOME_BANNER = {
  id: "static-home-banner-id",
  title: "static-home-banner-title",
  summary: "static-home-banner-summary",
} as const;

/** Set by the server on <html> to the language of the banner it wrote in; the head script compares it. */
export const STATIC_HOME_LANGUAGE_ATTRIBUTE = "data-shell-home-lang";

/** Set by the head script on <html> when this address is Home and the filled-in banner is in the reader's language. */
export const STATIC_HOME_ATTRIBUTE = "data-shell-home";

/** Home's paths: "/" and the spec's pages/index/index. */
export const HOME_PATHS = ["/", "/pages/index/index"];

/**
 * The reader's language as a cookie for the document's path, written by the head script from the stored one on
 * every visit: the server writes Home's banner in it (English without it).
 */
export const LANGUAGE_COOKIE = "language";
export const LANGUAGE_COOKIE_PATH = "/h5/";

/** Where the build writes the pre-rendered shell's markup in each language, beside index.html. */
export const localizedShellFile = (language: string) => `static-shell/${language}.html`;
