import type { UserInfo } from "#contract/accounts";
import type { Envelope } from "#contract/envelope";
import { apiPaths as endpoints } from "#contract/paths";

import { call } from "./client";
import { rememberUser } from "./session";

/** GET /api/user/index: the account as the server has it now; refreshes the session's user. */
export async function fetchUserInfo(): Promise<Envelope<UserInfo>> {
  const answer = await call(endpoints.userInfo, {}, { quiet: true, expectLoggedOut: true });
  if (answer.code === 1) rememberUser(answer.data, true);
  return answer;
}
