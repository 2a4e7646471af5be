/** Only in-app hash paths are followed after login, never an outside address. */
export function safeRedirect(target: string | undefined): string {
  if (!target || !target.startsWith("/") || target.startsWith("//")) return "/pages/user/user";
  if (target.startsWith("/pages/login/")) return "/pages/user/user";
  return target;
}
