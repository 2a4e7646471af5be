import { z } from "zod";

import { requestIdField } from "./fields";

/** Wallet, exchange, cards, recharge and withdrawal: shapes and request schemas. */
export const CARD_TYPES = ["bank", "alipay", "wechat", "crypto"] as const;
export type CardType = (typeof CARD_TYPES)[number];
export const REVIEW_STATUSES = ["review", "success", "failed"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export interface Wallet {
  cash: string;
  coin: string;
  frozen: string;
  yuebao: string;
  /** cash (U) per coin */
  coinRate: string;
}

export interface ExchangeRecord {
  id: number;
  time: number;
  type: "cash_to_coin" | "coin_to_cash";
  coin: string;
  cashAmount: string;
  coinAmount: string;
  rate: string;
}

export interface BankCard {
  id: number;
  type: CardType;
  bankName: string;
  branch: string;
  /** masked: first 3 and last 3 characters */
  number: string;
  holder: string;
}

export interface DepositChannel {
  id: number;
  type: CardType;
  name: string;
  account: string;
  qr: string | null;
  note: string;
}

export interface RechargeInfo {
  channels: DepositChannel[];
  minAmount: string;
  notice: string;
}

export interface RechargeRecord {
  id: number;
  time: number;
  type: CardType;
  channel: string;
  amount: string;
  status: ReviewStatus;
  reason: string | null;
}

export interface WithdrawRules {
  min: string;
  max: string;
  feeRate: string;
  /** "09:00-21:00", platform time */
  window: string;
  timezone: string;
  dailyCount: number;
  usedToday: number;
}

export interface CashInfo {
  rules: WithdrawRules;
  cards: BankCard[];
  balance: string;
}

export interface WithdrawRecord {
  id: number;
  time: number;
  type: CardType;
  bankName: string;
  amount: string;
  fee: string;
  actual: string;
  status: ReviewStatus;
  reason: string | null;
}

export interface RecordPage<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}

const required = (issue: { input: unknown }) => (issue.input === undefined ? "field_required" : "invalid_input");
const amountField = () =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: "field_required" })
    .regex(/^\d{1,12}(\.\d{1,2})?$/, { error: "invalid_input" });
const payPasswordField = () => z.string({ error: required }).min(1, { error: "field_required" }).max(200, { error: "field_too_long" });
const text = (max: number) =>
  z.string({ error: required }).trim().min(1, { error: "field_required" }).max(max, { error: "field_too_long" });
const idField = () =>
  z
    .string({ error: required })
    .regex(/^\d{1,9}$/, { error: "invalid_input" })
    .transform(Number);

export const exchangeRequest = z.object({
  from: z.enum(["cash", "coin"], { error: required }),
  amount: amountField(),
  payPassword: payPasswordField(),
  requestId: requestIdField(),
});

/** A bank card number as typed: the spaces people group digits with are dropped. */
export const cardDigits = (number: string) => number.replace(/ /g, "");
/** Bank card numbers (ISO/IEC 7812) have 12 to 19 digits. */
export const isBankCardNumber = (number: string) => /^\d{12,19}$/.test(cardDigits(number));

export const addCardRequest = z
  .object({
    type: z.enum(CARD_TYPES, { error: required }),
    bankName: text(60),
    branch: z.string({ error: "invalid_input" }).trim().max(80, { error: "field_too_long" }).default(""),
    number: z
      .string({ error: required })
      .trim()
      .min(1, { error: "field_required" })
      .max(80, { error: "field_too_long" })
      // spaces as people type them in card numbers are allowed and removed before storing
      .regex(/^[A-Za-z0-9@._ -]{4,80}$/, { error: "invalid_input" }),
    holder: z.string({ error: "invalid_input" }).trim().max(60, { error: "field_too_long" }).default(""),
    payPassword: payPasswordField(),
    requestId: requestIdField(),
  })
  .superRefine((card, context) => {
    if (card.type === "bank" && !isBankCardNumber(card.number))
      context.addIssue({ code: "custom", path: ["number"], message: "card_number_invalid", input: card.number });
  })
  // only a bank has branches: an Alipay, WeChat or crypto account is stored without one
  .transform((card) => (card.type === "bank" ? card : { ...card, branch: "" }));

/** Unbinds one of the user's own cards; the fund password confirms it. */
export const deleteCardRequest = z.object({
  id: idField(),
  payPassword: payPasswordField(),
  requestId: requestIdField(),
});

export const rechargeRequest = z.object({
  channelId: idField(),
  amount: amountField(),
  screenshot: z
    .string({ error: required })
    .min(1, { error: "field_required" })
    .regex(/^\/api\/files\/[a-f0-9]{32}\.(png|jpg|webp)$/, { error: "invalid_input" }),
  requestId: requestIdField(),
});

export const withdrawRequest = z.object({
  amount: amountField(),
  cardId: idField(),
  payPassword: payPasswordField(),
  requestId: requestIdField(),
});
