import { atom, getDefaultStore } from "jotai";

import type { UserInfo } from "#contract/accounts";

import { forgetAll } from "../offline/cache";

/** The session token lives under `token`; the user it belongs to is kept in memory. */
export const TOKEN_STORAGE_KEY = "token";

export const currentUserAtom = atom<UserInfo | null>(null);
export const store = getDefaultStore();

export function readToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

// Saved offline copies belong to one user: a session's start and end both drop them.
export function startSession(token: string, user: UserInfo): void {
  void forgetAll();
  localStorage.setItem(TOKEN_STORAGE_KEY, token);
  store.set(currentUserAtom, user);
}

export function endSession(): void {
  void forgetAll();
  localStorage.removeItem(TOKEN_STORAGE_KEY);
  store.set(currentUserAtom, null);
}
