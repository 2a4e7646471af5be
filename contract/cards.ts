/** Bank cards and payment accounts a customer binds for withdrawals. */

/** Wallet, exchange, cards, recharge and withdrawal: shapes and request schemas. */
export const CARD_TYPES = ["bank", "alipay", "wechat", "crypto"] as const;

export type CardType = (typeof CARD_TYPES)[number];

export interface BankCard {
  id: number;
  type: CardType;
  bankName: string;
  branch: string;
  /** masked: first 3 and last 3 characters */
  number: string;
  holder: string;
}

/** A bank card number as typed: the spaces people group digits with are dropped. */
export const cardDigits = (number: string) => number.replace(/ /g, "");

/** Bank card numbers (ISO/IEC 7812) have 12 to 19 digits. */
export const isBankCardNumber = (number: string) => /^\d{12,19}$/.test(cardDigits(number));

/** What the bank card paths answer, by path name (contract/paths.ts): a removal answers the cards left. */
export interface CardAnswers {
  bankCards: BankCard[];
  addCard: BankCard;
  deleteCard: BankCard[];
}
