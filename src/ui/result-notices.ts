import { syncPushSubscription } from "./push-subscription";

/**
 * System notifications of settled orders, shown by the service worker while the customer looks elsewhere. Where
 * the browser has no push service, the page itself notices a settlement on its next poll (a hidden page's timers
 * still run, throttled) and asks the worker to show it (docs/decisions.md, "Order results as system notifications,
 * without a push service"); with one, the server's push arrives with the same tag and the two never both show.
 *
 * The customer opts in on Mine (or the trade screen's offer); the device remembers the choice per user, so on a
 * shared phone one customer's choice does not notify about another's orders, and the choice also subscribes this
 * device to Web Push on the server (push-subscription.ts), which reaches it with no page open.
 */

/** The service worker's message for a notice (handled in sw/sw.ts). */
export const RESULT_NOTICE_MESSAGE = "RESULT_NOTICE";

export interface ResultNotice {
  /** one per order: a second notice with the same tag (another tab, a later poll) replaces it, never adds one */
  tag: string;
  title: string;
  body: string;
  /** where a tap on it leads, relative to the app's scope (`#/pages/user/orderdetail?id=…`) */
  url: string;
}

export type NoticePermission = NotificationPermission | "unsupported";

const keyOf = (userId: number) => `result-notices:${userId}`;
/** tags shown from any tab of this device, newest last: the same result is never shown twice */
const SHOWN_KEY = "result-notices-shown";
const SHOWN_KEPT = 50;

export function noticePermission(): NoticePermission {
  if (typeof Notification === "undefined" || !("serviceWorker" in navigator)) return "unsupported";
  return Notification.permission;
}

/** Asks the browser; call it from a tap (browsers ignore or block a request nobody asked for). */
export async function askNoticePermission(): Promise<NoticePermission> {
  if (noticePermission() === "unsupported") return "unsupported";
  return Notification.requestPermission();
}

export function readResultNotices(userId: number): boolean {
  try {
    return localStorage.getItem(keyOf(userId)) === "on";
  } catch {
    return false;
  }
}

export function writeResultNotices(userId: number, on: boolean): void {
  void syncPushSubscription(on);
  try {
    if (on) localStorage.setItem(keyOf(userId), "on");
    else localStorage.removeItem(keyOf(userId));
  } catch {
    // storage refused (private mode): no notices, as before the choice
  }
}

/** The customer is not looking at this page: it is hidden, or visible while another window has the focus. */
export function pageAway(): boolean {
  return document.visibilityState === "hidden" || !document.hasFocus();
}

/** Whether a result should become a system notice now: opted in, allowed by the browser, and the page out of sight. */
export function noticesWanted(userId: number): boolean {
  return readResultNotices(userId) && noticePermission() === "granted" && pageAway();
}

/** Marks a tag as shown on this device; false when a tab already showed it. */
function claimTag(tag: string): boolean {
  try {
    const shown = JSON.parse(localStorage.getItem(SHOWN_KEY) ?? "[]") as string[];
    if (shown.includes(tag)) return false;
    localStorage.setItem(SHOWN_KEY, JSON.stringify([...shown, tag].slice(-SHOWN_KEPT)));
  } catch {
    // no storage: the tag still keeps the notification single
  }
  return true;
}

/** Hands the notice to the service worker, which shows it (a notification shown by a worker outlives the page's focus). */
export async function showResultNotice(notice: ResultNotice): Promise<void> {
  if (!claimTag(notice.tag)) return;
  const registration = await navigator.serviceWorker.ready;
  registration.active?.postMessage({ type: RESULT_NOTICE_MESSAGE, notice });
}
