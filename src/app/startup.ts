/** Start-up: addresses containing one of these keywords open without the user-info check. */
export const PUBLIC_KEYWORDS = [
  "register",
  "login",
  "agreement",
  "public",
  "customer",
  "download",
  "splash",
  "forgetpwd",
  "index",
  "about",
  "aboutus",
] as const;

/**
 * The spec's built-in location pickers: pages of the app framework, not of the app, which carry no account data.
 * The company page, open to visitors, sends them to open-location, so neither waits for a login.
 */
export const BUILT_IN_PAGES = ["/choose-location", "/open-location"] as const;

export function isPublicPath(pathname: string): boolean {
  if (pathname === "/" || pathname === "") return true;
  if ((BUILT_IN_PAGES as readonly string[]).includes(pathname)) return true;
  return PUBLIC_KEYWORDS.some((keyword) => pathname.includes(keyword));
}

/** Home answers at "/" and at the spec's pages/index/index. */
export function isHomePath(pathname: string): boolean {
  return pathname === "/" || pathname === "" || pathname === "/pages/index/index";
}

/**
 * The app's address with a query that came before the hash moved inside it, or null when there is none.
 * Messengers add one to shared links (`/h5/?from=share#/pages/login/register?code=AB12`), and the hash router
 * would read it as part of the last search value (code "AB12?from=share").
 */
export function queryIntoHash(url: URL): string | null {
  if (!url.search) return null;
  const hash = url.hash.slice(1) || "/";
  const queryAt = hash.indexOf("?");
  const path = queryAt < 0 ? hash : hash.slice(0, queryAt);
  const search = new URLSearchParams(queryAt < 0 ? "" : hash.slice(queryAt + 1));
  for (const [key, value] of new URLSearchParams(url.search)) if (!search.has(key)) search.append(key, value);
  const query = search.toString();
  return `${url.pathname}#${path}${query ? `?${query}` : ""}`;
}
