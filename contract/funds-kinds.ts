import type { MessageDescriptor } from "./catalogue-shell";
import { FUNDS_KINDS, type FundsKind } from "./wallet";

/**
 * What each kind of funds line is called, in the customer's app and in the operator's console alike: one list of
 * words for the ledger's reasons. Plain descriptors marked for extraction (`/*i18n*\/`), as the catalogue's, so
 * the PWA's catalogs and the console's both read them without a compile step here.
 */
export const FUNDS_KIND_WORDS = {
  recharge: /*i18n*/ { id: "funds.kind.recharge", message: "Recharge" },
  withdrawal_request: /*i18n*/ { id: "funds.kind.withdrawal_request", message: "Withdrawal requested" },
  withdrawal_paid: /*i18n*/ { id: "funds.kind.withdrawal_paid", message: "Withdrawal paid out" },
  withdrawal_rejected: /*i18n*/ { id: "funds.kind.withdrawal_rejected", message: "Withdrawal rejected, returned" },
  withdrawal_returned: /*i18n*/ { id: "funds.kind.withdrawal_returned", message: "Withdrawal failed, returned" },
  order_stake: /*i18n*/ { id: "funds.kind.order_stake", message: "Order stake" },
  order_fee: /*i18n*/ { id: "funds.kind.order_fee", message: "Order fee" },
  order_settlement: /*i18n*/ { id: "funds.kind.order_settlement", message: "Order settled" },
  order_void: /*i18n*/ { id: "funds.kind.order_void", message: "Order void, refunded" },
  exchange_in: /*i18n*/ { id: "funds.kind.exchange_in", message: "Exchange in" },
  exchange_out: /*i18n*/ { id: "funds.kind.exchange_out", message: "Exchange out" },
  yuebao_join: /*i18n*/ { id: "funds.kind.yuebao_join", message: "Yuebao subscription" },
  yuebao_append: /*i18n*/ { id: "funds.kind.yuebao_append", message: "Yuebao amount added" },
  yuebao_stop: /*i18n*/ { id: "funds.kind.yuebao_stop", message: "Yuebao redeemed" },
  yuebao_interest: /*i18n*/ { id: "funds.kind.yuebao_interest", message: "Yuebao interest" },
  yuebao_profit_paid: /*i18n*/ { id: "funds.kind.yuebao_profit_paid", message: "Yuebao profit paid" },
  yuebao_matured: /*i18n*/ { id: "funds.kind.yuebao_matured", message: "Yuebao matured" },
  invite_bonus: /*i18n*/ { id: "funds.kind.invite_bonus", message: "Invitation bonus" },
  signin_bonus: /*i18n*/ { id: "funds.kind.signin_bonus", message: "Sign-in bonus" },
  adjustment: /*i18n*/ { id: "funds.kind.adjustment", message: "Adjustment" },
  seed: /*i18n*/ { id: "funds.kind.seed", message: "Opening balance" },
} satisfies Record<FundsKind, MessageDescriptor>;

export const isFundsKind = (kind: string): kind is FundsKind => (FUNDS_KINDS as readonly string[]).includes(kind);

/** The words of a ledger reason, or null for one no list names (an older row's, shown as it is written). */
export const fundsKindWords = (kind: string): MessageDescriptor | null => (isFundsKind(kind) ? FUNDS_KIND_WORDS[kind] : null);
