import type { AccountAnswers } from "./accounts";
import type { CardAnswers } from "./cards";
import type { ContentAnswers } from "./content";
import type { FairAnswers } from "./fair";
import type { FavouriteAnswers } from "./favourites";
import type { FinanceAnswers } from "./finance";
import type { IdentityAnswers } from "./identity";
import type { InboxAnswers } from "./inbox";
import type { InviteAnswers } from "./invites";
import type { MarketAnswers } from "./markets";
import type { OrderReportAnswers } from "./order-reports";
import type { PushAnswers } from "./push";
import type { RechargeAnswers } from "./recharge";
import type { SelfLimitAnswers } from "./self-limits";
import type { StreamAnswers } from "./stream";
import type { SupportAnswers } from "./support";
import type { TradingAnswers } from "./trading";
import type { TwoFactorAnswers } from "./two-factor";
import type { WalletAnswers } from "./wallet";
import type { WithdrawalAnswers } from "./withdrawal";

/**
 * Method, path and access of every endpoint: all the client needs to call one. Kept apart from the zod
 * schemas (`endpoints.ts`) so the PWA does not ship the validator.
 */
export interface ApiPath<Answer = unknown> {
  method: "GET" | "POST";
  path: string;
  /** optional: a valid token adds the user's data (the balance on goods), none is no error */
  auth: "none" | "optional" | "user" | "ops";
  /**
   * Type only, never set at run time: what a successful answer's `data` holds. The client infers it from the
   * path it calls and the server's handler must return it, so the two cannot disagree.
   */
  readonly answer?: Answer;
}

/** The `data` of a successful answer to this path (`unknown` for a path not yet given its answer type). */
export type AnswerOf<P> = P extends ApiPath<infer Answer> ? Answer : unknown;

/**
 * A table of paths with each one's answer type from `Answers` (keyed by the same names). `Answers` must name
 * every path, so a path added without its answer type does not compile; the types cost nothing at run time.
 */
export type AnsweredPaths<Paths, Answers extends { [K in keyof Paths]: unknown }> = {
  readonly [K in keyof Paths]: Paths[K] & ApiPath<Answers[K]>;
};

/** What each customer path answers, by its name below: one interface per domain, beside that domain's types. */
export interface CustomerAnswers
  extends
    AccountAnswers,
    MarketAnswers,
    TradingAnswers,
    OrderReportAnswers,
    WalletAnswers,
    CardAnswers,
    RechargeAnswers,
    WithdrawalAnswers,
    FinanceAnswers,
    IdentityAnswers,
    InboxAnswers,
    InviteAnswers,
    SupportAnswers,
    ContentAnswers,
    FavouriteAnswers,
    SelfLimitAnswers,
    TwoFactorAnswers,
    FairAnswers {}

const customerPaths = {
  sendSms: { method: "POST", path: "/api/login/sendsms", auth: "none" },
  register: { method: "POST", path: "/api/login/reg", auth: "none" },
  login: { method: "POST", path: "/api/login/index", auth: "none" },
  forgotPassword: { method: "POST", path: "/api/login/forgot", auth: "none" },
  resetPassword: { method: "POST", path: "/api/login/reset", auth: "none" },
  logout: { method: "POST", path: "/api/login/logout", auth: "user" },
  userInfo: { method: "GET", path: "/api/user/index", auth: "user" },
  changeLoginPassword: { method: "POST", path: "/api/user/pwd_login", auth: "user" },
  changePayPassword: { method: "POST", path: "/api/user/pwd_pay", auth: "user" },
  setLanguage: { method: "POST", path: "/api/user/language", auth: "user" },
  products: { method: "GET", path: "/api/index/ajaxdata", auth: "none" },
  goods: { method: "GET", path: "/api/index/goods", auth: "optional" },
  seconds: { method: "GET", path: "/api/index/seconds", auth: "none" },
  productDetail: { method: "GET", path: "/api/index/getprodata", auth: "none" },
  latestQuotes: { method: "GET", path: "/api/index/ajaxpro", auth: "none" },
  sparklines: { method: "GET", path: "/api/index/sparklines", auth: "none" },
  klines: { method: "GET", path: "/api/index/getkdata", auth: "none" },
  /**
   * `{allowed, reason}`: the refusal `placeOrder` would give now for the product's shortest option, among
   * `product_not_found`, `market_closed`, `not_trading_time`, `quote_stale`, `feed_uncommitted`,
   * `balance_insufficient`.
   */
  preTradeCheck: { method: "GET", path: "/api/user/goorder", auth: "user" },
  /**
   * Refusals besides a field's: `product_not_found`, `market_closed`, `not_trading_time`, `quote_stale`,
   * `feed_uncommitted` (no commitment published before now covers the minutes of the entry and the expiry:
   * for about a second after a start, or after a leader change), `price_moved`, `amount_too_small`,
   * `amount_too_large`, `single_min`, `single_max`, `holding_total_max`, `balance_insufficient`,
   * `limit_reached`, `self_excluded`, `account_frozen`, `request_reused`, `login_required`.
   */
  placeOrder: { method: "POST", path: "/api/user/addorder", auth: "user" },
  order: { method: "GET", path: "/api/user/get_this_order", auth: "user" },
  holdingOrders: { method: "GET", path: "/api/user/ajaxorder_list", auth: "user" },
  orderHistory: { method: "GET", path: "/api/user/orderlist", auth: "user" },
  statement: { method: "GET", path: "/api/user/order_statement", auth: "user" },
  wallet: { method: "GET", path: "/api/user/wallet", auth: "user" },
  exchange: { method: "POST", path: "/api/user/exchange", auth: "user" },
  exchangeRecords: { method: "GET", path: "/api/user/exchange_record", auth: "user" },
  practiceReset: { method: "POST", path: "/api/user/practice_reset", auth: "user" },
  funds: { method: "GET", path: "/api/user/funds", auth: "user" },
  fundsCsv: { method: "GET", path: "/api/user/funds/csv", auth: "user" },
  bankCards: { method: "GET", path: "/api/user/bank_card", auth: "user" },
  addCard: { method: "POST", path: "/api/user/add_card", auth: "user" },
  deleteCard: { method: "POST", path: "/api/user/del_card", auth: "user" },
  rechargeInfo: { method: "GET", path: "/api/user/recharge", auth: "user" },
  recharge: { method: "POST", path: "/api/user/dorecharge", auth: "user" },
  rechargeRecords: { method: "GET", path: "/api/user/recharge_record", auth: "user" },
  withdrawalInfo: { method: "GET", path: "/api/user/cash", auth: "user" },
  withdraw: { method: "POST", path: "/api/user/cash", auth: "user" },
  withdrawRecords: { method: "GET", path: "/api/user/cash_record", auth: "user" },
  plans: { method: "GET", path: "/api/user/yeb", auth: "user" },
  joinPlan: { method: "POST", path: "/api/user/yebjoinnow", auth: "user" },
  yuebaoInfo: { method: "GET", path: "/api/user/yuebaoinfo", auth: "user" },
  appendSubscription: { method: "POST", path: "/api/user/yebappend", auth: "user" },
  keepSubscription: { method: "POST", path: "/api/user/yebkeep", auth: "user" },
  stopSubscription: { method: "POST", path: "/api/user/yebstop", auth: "user" },
  certificationState: { method: "GET", path: "/api/user/certification", auth: "user" },
  certify: { method: "POST", path: "/api/user/certification", auth: "user" },
  messages: { method: "GET", path: "/api/user/msg", auth: "user" },
  readMessage: { method: "POST", path: "/api/user/msg", auth: "user" },
  invitation: { method: "GET", path: "/api/user/invite", auth: "user" },
  platformInfo: { method: "GET", path: "/api/index/info", auth: "none" },
  home: { method: "GET", path: "/api/index/home", auth: "none" },
  banners: { method: "GET", path: "/api/index/banner", auth: "none" },
  notices: { method: "GET", path: "/api/index/notice", auth: "none" },
  contentList: { method: "GET", path: "/api/index/about_list", auth: "none" },
  contentDetail: { method: "GET", path: "/api/index/about_details", auth: "none" },
  activityDetail: { method: "GET", path: "/api/index/activity_details", auth: "none" },
  activities: { method: "GET", path: "/api/index/ater", auth: "optional" },
  signin: { method: "POST", path: "/api/user/signin", auth: "user" },
  favourites: { method: "GET", path: "/api/user/favourites", auth: "user" },
  setFavourite: { method: "POST", path: "/api/user/favourite", auth: "user" },
  limits: { method: "GET", path: "/api/user/limits", auth: "user" },
  setLimits: { method: "POST", path: "/api/user/limits", auth: "user" },
  totpSetup: { method: "POST", path: "/api/user/totp_setup", auth: "user" },
  totpEnable: { method: "POST", path: "/api/user/totp_enable", auth: "user" },
  totpDisable: { method: "POST", path: "/api/user/totp_disable", auth: "user" },
  sessions: { method: "GET", path: "/api/user/sessions", auth: "user" },
  sessionsEnd: { method: "POST", path: "/api/user/sessions_end", auth: "user" },

  sessionSummary: { method: "GET", path: "/api/user/session_summary", auth: "user" },

  fairCommitments: { method: "GET", path: "/api/fair/commitments", auth: "none" },
  fairReveals: { method: "GET", path: "/api/fair/reveals", auth: "none" },
  fairHeads: { method: "GET", path: "/api/fair/heads", auth: "none" },
  fairTicks: { method: "GET", path: "/api/fair/ticks", auth: "none" },
  fairOrder: { method: "GET", path: "/api/fair/order", auth: "user" },
  fairVoids: { method: "GET", path: "/api/fair/voids", auth: "none" },
} as const satisfies { [K in keyof CustomerAnswers]: ApiPath };

export const apiPaths: AnsweredPaths<typeof customerPaths, CustomerAnswers> = customerPaths;

/**
 * The update stream's paths, apart from the table above: only the stream's connection uses them, and it loads
 * after the first render, so the first screen's code does not carry them.
 */
const updatePaths = {
  streamTicket: { method: "POST", path: "/api/user/stream_ticket", auth: "user" },
  stream: { method: "GET", path: "/api/stream", auth: "none" },
} as const satisfies { [K in keyof StreamAnswers]: ApiPath };

export const streamPaths: AnsweredPaths<typeof updatePaths, StreamAnswers> = updatePaths;

/**
 * Web Push's paths, apart as well: only Mine's notification switch uses them (the service worker gets its
 * notices from the push service, not from these).
 */
const webPushPaths = {
  pushKey: { method: "GET", path: "/api/push/key", auth: "none" },
  pushSubscribe: { method: "POST", path: "/api/user/push_subscribe", auth: "user" },
  pushUnsubscribe: { method: "POST", path: "/api/user/push_unsubscribe", auth: "user" },
} as const satisfies { [K in keyof PushAnswers]: ApiPath };

export const pushPaths: AnsweredPaths<typeof webPushPaths, PushAnswers> = webPushPaths;
