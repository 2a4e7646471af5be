import type { UserInfo } from "#contract/accounts";

import { recall, remember } from "../offline/cache";
import { readToken } from "./session";
import { fetchUserInfo } from "./user-info";

export type UserLoad = { kind: "user"; user: UserInfo; offlineSince?: number } | { kind: "logged-out" } | { kind: "unavailable" };

const CACHE_KEY = "user-info";

/**
 * The user for a protected page: fresh from the server, or, when the server cannot be reached, the copy kept
 * from the last visit (read offline). A 401 means the session is over.
 */
export async function loadCurrentUser(): Promise<UserLoad> {
  if (!readToken()) return { kind: "logged-out" };
  const answer = await fetchUserInfo();
  if (answer.code === 1) {
    void remember(CACHE_KEY, answer.data);
    return { kind: "user", user: answer.data };
  }
  if (answer.code === 401) return { kind: "logged-out" };
  const cached = await recall<UserInfo>(CACHE_KEY);
  return cached ? { kind: "user", user: cached.data, offlineSince: cached.at } : { kind: "unavailable" };
}
