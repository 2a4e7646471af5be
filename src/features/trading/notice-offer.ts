import type { NoticePermission } from "@/ui/result-notices";

/**
 * The trade screen offers result notifications once, right after the customer's first order there: the moment a
 * customer has something to wait for is when the offer makes sense. Once shown it is never shown again on this
 * device, whatever the answer (a "not now", or leaving the screen): Mine's switch stays for a later change of mind.
 * One key per user, like the opt-in itself, so on a shared phone each customer is offered once.
 */
const keyOf = (userId: number) => `result-notices-offered:${userId}`;

function offered(userId: number): boolean {
  try {
    return localStorage.getItem(keyOf(userId)) !== null;
  } catch {
    // no storage, no memory of the answer: better never to offer than to offer after every order
    return true;
  }
}

/**
 * Whether to offer now: never offered here, and the browser would still ask ("default"). Granted needs no offer
 * (Mine's switch turns it on without a prompt), denied cannot be changed from the page, unsupported has no notices.
 */
export function noticeOfferDue(userId: number, permission: NoticePermission): boolean {
  return permission === "default" && !offered(userId);
}

export function markNoticeOffered(userId: number): void {
  try {
    localStorage.setItem(keyOf(userId), "yes");
  } catch {
    // storage refused: offered() says so too
  }
}
