import { currentUserAtom } from "@/api/session";
import { onUpdate } from "@/api/updates";
import { isOnline, subscribeOnline } from "@/offline/reachability";
import { store } from "@/ui/store";

import { flushOutbox } from "./chat-outbox";

/**
 * The chat's part of the whole app, not of its page: lines written offline are sent as soon as the device is
 * back online wherever the customer is (and when the app starts), and support's replies count on the Mine tab's
 * badge the moment they arrive.
 */
export function followSupport(): void {
  const flush = () => {
    const user = store.get(currentUserAtom);
    if (user && isOnline()) void flushOutbox(user.id);
  };
  subscribeOnline(flush);
  store.sub(currentUserAtom, () => {
    // the first read of the user (start-up) is when the outbox can be tied to its owner
    if (store.get(currentUserAtom)) flush();
  });
  flush();
  onUpdate((event) => {
    if (event.kind !== "support.reply") return;
    const user = store.get(currentUserAtom);
    if (user) store.set(currentUserAtom, { ...user, supportUnread: (user.supportUnread ?? 0) + 1 });
  });
}

/** The chat has read support's lines: the badge goes out without waiting for the next read of the user. */
export function clearSupportBadge(unread: number): void {
  const user = store.get(currentUserAtom);
  if (user && user.supportUnread !== unread) store.set(currentUserAtom, { ...user, supportUnread: unread });
}
