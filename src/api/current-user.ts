import type { UserInfo } from "#contract/accounts";

import { recall, remember } from "../offline/cache";
import { currentUser, expireSession, readToken, rememberUser, userIsFresh } from "./session";
import { fetchUserInfo } from "./user-info";

export type UserLoad = { kind: "user"; user: UserInfo; offlineSince?: number } | { kind: "logged-out" } | { kind: "unavailable" };

const CACHE_KEY = "user-info";

// One read at a time: a preload on hover and the navigation it announces share the request.
let reading: Promise<UserLoad> | null = null;

/**
 * The signed-in user. `fresh: false` (a guard, a preload) answers from the session when it was read within
 * the last half minute and nothing was written since; `fresh: true` (pages that show the account's figures)
 * always asks. Offline, the copy kept from the last visit answers; a 401 ends the session.
 */
export function loadCurrentUser({ fresh }: { fresh: boolean } = { fresh: false }): Promise<UserLoad> {
  if (!readToken()) return Promise.resolve({ kind: "logged-out" });
  const known = currentUser();
  if (!fresh && known && userIsFresh()) return Promise.resolve({ kind: "user", user: known });
  reading ??= readUser().finally(() => (reading = null));
  return reading;
}

async function readUser(): Promise<UserLoad> {
  const answer = await fetchUserInfo();
  if (answer.code === 1) {
    void remember(CACHE_KEY, answer.data);
    return { kind: "user", user: answer.data };
  }
  if (answer.code === 401) {
    expireSession();
    return { kind: "logged-out" };
  }
  const cached = await recall<UserInfo>(CACHE_KEY);
  if (!cached) return { kind: "unavailable" };
  rememberUser(cached.data, false);
  return { kind: "user", user: cached.data, offlineSince: cached.at };
}
