import type { AnyRouter } from "@tanstack/react-router";

/** The tab a page belongs to, by its path: where its back arrow leads when there is no page of the app behind it. */
export function tabRoot(pathname: string): string {
  if (pathname === "/pages/user/orderdetail" || pathname === "/pages/user/order") return "/pages/user/order";
  if (pathname.startsWith("/pages/project/")) return "/pages/project/project";
  if (pathname.startsWith("/pages/user/") || pathname.startsWith("/pages/activity/")) return "/pages/user/user";
  if (pathname.startsWith("/pages/customer/") || pathname === "/pages/public/language") return "/pages/user/user";
  return "/";
}

/**
 * One page back when the app itself opened the page; otherwise (a deep link, a reload of a first page) the
 * page's tab, in place of this entry: the arrow never leaves the app for whatever the browser showed before.
 */
export function goBack(router: AnyRouter): void {
  if (router.history.canGoBack()) router.history.back();
  else void router.navigate({ to: tabRoot(router.state.location.pathname), replace: true });
}
