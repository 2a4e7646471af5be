import type { UserInfo } from "#contract/accounts";
import { centsToDecimal, maskMiddle } from "#contract/format";

import type { UserRow } from "./sessions";

/** What a user may see of their own account: the phone masked, money as decimal strings. */
export function toUserInfo(user: UserRow): UserInfo {
  return {
    id: user.id,
    account: user.account,
    name: user.name,
    phone: maskMiddle(user.phone),
    inviteCode: user.inviteCode,
    language: user.language,
    vipLevel: user.vipLevel,
    verified: user.verified,
    hasPayPassword: user.payPasswordHash !== null,
    cash: centsToDecimal(user.cash),
    coin: centsToDecimal(user.coin),
    frozen: centsToDecimal(user.frozen),
    yuebao: centsToDecimal(user.yuebao),
    createdAt: user.createdAt,
    mustChangePassword: user.mustChangePassword,
    accountFrozen: user.accountFrozenAt !== null,
  };
}
