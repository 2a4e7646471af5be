import type { UserInfo } from "#contract/accounts";
import type { Envelope } from "#contract/envelope";
import { apiPaths as endpoints } from "#contract/paths";

import { call } from "./client";
import { currentUserAtom, store } from "./session";

/** GET /api/user/index: the start-up check; refreshes the remembered user. */
export async function fetchUserInfo(): Promise<Envelope<UserInfo>> {
  const answer = await call<UserInfo>(endpoints.userInfo, {}, { quiet: true, expectLoggedOut: true });
  if (answer.code === 1) store.set(currentUserAtom, answer.data);
  return answer;
}
