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

/**
 * Whether the number's last digit is the Luhn check digit of the others (ISO/IEC 7812-1, annex B).
 * Card numbers of 16 to 19 digits carry one (UnionPay, Visa, Mastercard, JCB and the domestic debit schemes);
 * the shorter numbers the form also takes are bank account numbers, whose check digits (if any) follow each
 * bank's own rule, so they are not checked.
 */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A card number of 16–19 digits must pass the Luhn check; a shorter bank number is taken as typed. */
export const isCheckedCardNumber = (number: string) => {
  const digits = cardDigits(number);
  return digits.length < 16 || passesLuhn(digits);
};

/** What the bank card paths answer, by path name (contract/paths.ts): a removal answers the cards left. */
export interface CardAnswers {
  bankCards: BankCard[];
  addCard: BankCard;
  deleteCard: BankCard[];
}
