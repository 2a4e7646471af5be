import { atom, getDefaultStore } from "jotai";
import type { UserInfo } from "../../contract/accounts";

/** The session token lives under `token` (spec §3); the user it belongs to is kept in memory. */
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

export function startSession(token: string, user: UserInfo): void {
  localStorage.setItem(TOKEN_STORAGE_KEY, token);
  store.set(currentUserAtom, user);
}

export function endSession(): void {
  localStorage.removeItem(TOKEN_STORAGE_KEY);
  store.set(currentUserAtom, null);
}
