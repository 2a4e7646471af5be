import { msg } from "@lingui/core/macro";

import type { CardType } from "#contract/cards";

/** Names of the payment method types. */
export const CARD_TYPE_NAMES = {
  bank: msg`Bank card`,
  alipay: msg`Alipay`,
  wechat: msg`WeChat Pay`,
  crypto: msg`Crypto address`,
} satisfies Record<CardType, unknown>;
