import { atom } from "jotai";

import type { UserInfo } from "#contract/accounts";

import { forgetAll } from "../offline/cache";
import { store } from "../ui/store";

/** The session token lives under `token`; the user it belongs to is kept in memory, here and nowhere else. */
export const TOKEN_STORAGE_KEY = "token";

/** The signed-in user as last read from the server (or from the saved copy when offline); null when unknown. */
export const currentUserAtom = atom<UserInfo | null>(null);

// When the user in the store was read from the server (ms); 0 when a write may have changed it since.
let readAt = 0;

/** How long a read of the user stands in for a new one when a guarded page opens or is preloaded. */
export const USER_FRESH_MS = 30_000;

export function readToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function currentUser(): UserInfo | null {
  return store.get(currentUserAtom);
}

/** The user read just now from the server, or (fromServer false) from the saved copy while offline. */
export function rememberUser(user: UserInfo, fromServer: boolean): void {
  store.set(currentUserAtom, user);
  readAt = fromServer ? Date.now() : 0;
}

/** True while the user in the store can answer for the server without asking again. */
export function userIsFresh(): boolean {
  return currentUser() !== null && Date.now() - readAt < USER_FRESH_MS;
}

/** A write went through (an order, a transfer, a password, a message read): read the user again next time. */
export function markUserStale(): void {
  readAt = 0;
}

// The server refused the saved session (expired, or ended elsewhere) and the customer has not been told yet.
let expiredUntold = false;

// Saved offline copies belong to one user: a session's start and end both drop them.
export function startSession(token: string, user: UserInfo): void {
  expiredUntold = false;
  void forgetAll();
  localStorage.setItem(TOKEN_STORAGE_KEY, token);
  rememberUser(user, true);
}

export function endSession(): void {
  void forgetAll();
  localStorage.removeItem(TOKEN_STORAGE_KEY);
  store.set(currentUserAtom, null);
  readAt = 0;
}

/** The server answered 401 to the saved session: it ends here, and the login page will say why. */
export function expireSession(): void {
  if (readToken()) expiredUntold = true;
  endSession();
}

/** True once after a session expired: whoever sends the customer to log in says so (and no one else again). */
export function takeExpiredNotice(): boolean {
  const untold = expiredUntold;
  expiredUntold = false;
  return untold;
}
