import type { NoData } from "./envelope";
import type { LanguageCode } from "./languages";

export interface UserInfo {
  id: number;
  account: string;
  name: string | null;
  /** masked: first 3 and last 3 characters shown */
  phone: string;
  inviteCode: string;
  language: string;
  vipLevel: number;
  verified: boolean;
  hasPayPassword: boolean;
  cash: string;
  coin: string;
  frozen: string;
  yuebao: string;
  createdAt: number;
  /** customer service reset the password: the app asks for a new one before anything else */
  mustChangePassword: boolean;
  /** an operator froze the account: orders, plans, exchanges and withdrawals are refused until unfrozen */
  accountFrozen: boolean;
  /** cash (U) per coin, so the Mine tab can show what the coin is worth */
  coinRate?: string;
  /** messages not yet opened (the Mine tab's badge) */
  unreadMessages?: number;
  /** support's chat lines not yet read (the Mine tab's badge, with the messages, and the customer-service row's) */
  supportUnread?: number;
  /** two-step sign-in is on: the login and each withdrawal ask for the authenticator's code */
  twoStep?: boolean;
  /** the practice balance (play money; 10000.00 before its first use) */
  practice?: string;
  /** whether a recharge was ever approved: until then the app starts the customer on practice */
  recharged?: boolean;
}

export interface SessionAnswer {
  token: string;
  user: UserInfo;
}

/** What the account paths answer, by path name (contract/paths.ts). */
export interface AccountAnswers {
  sendSms: NoData;
  register: SessionAnswer;
  login: SessionAnswer;
  forgotPassword: NoData;
  resetPassword: NoData;
  logout: NoData;
  userInfo: UserInfo;
  changeLoginPassword: NoData;
  changePayPassword: NoData;
  /** the language the server now writes the customer's messages in */
  setLanguage: { language: LanguageCode };
}
