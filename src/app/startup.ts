/** Spec §2 start-up: addresses containing one of these keywords open without the user-info check. */
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

export function isPublicPath(pathname: string): boolean {
  if (pathname === "/" || pathname === "") return true;
  return PUBLIC_KEYWORDS.some((keyword) => pathname.includes(keyword));
}

/** Home answers at "/" and at the spec's pages/index/index. */
export function isHomePath(pathname: string): boolean {
  return pathname === "/" || pathname === "" || pathname === "/pages/index/index";
}
