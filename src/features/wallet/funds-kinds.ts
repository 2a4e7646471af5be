import { msg } from "@lingui/core/macro";

import type { FundsKind } from "#contract/wallet";

/** What each kind of funds line is called on the funds records page. */
export const FUNDS_KIND_NAMES = {
  recharge: msg`Recharge`,
  withdrawal_request: msg`Withdrawal requested`,
  withdrawal_paid: msg`Withdrawal paid out`,
  withdrawal_rejected: msg`Withdrawal rejected, returned`,
  withdrawal_returned: msg`Withdrawal failed, returned`,
  order_stake: msg`Order stake`,
  order_fee: msg`Order fee`,
  order_settlement: msg`Order settled`,
  order_void: msg`Order void, refunded`,
  exchange_in: msg`Exchange in`,
  exchange_out: msg`Exchange out`,
  yuebao_join: msg`Yuebao subscription`,
  yuebao_append: msg`Yuebao amount added`,
  yuebao_stop: msg`Yuebao redeemed`,
  yuebao_interest: msg`Yuebao interest`,
  yuebao_profit_paid: msg`Yuebao profit paid`,
  yuebao_matured: msg`Yuebao matured`,
  invite_bonus: msg`Invitation bonus`,
  signin_bonus: msg`Sign-in bonus`,
  adjustment: msg`Adjustment`,
  seed: msg`Opening balance`,
} satisfies Record<FundsKind, unknown>;

export const isFundsKind = (kind: string): kind is FundsKind => kind in FUNDS_KIND_NAMES;
