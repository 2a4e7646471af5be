import type { z } from "zod";

import type { OpsRole } from "./operators";
import { type ApiPath, apiPaths, pushPaths, streamPaths } from "./paths";
import {
  changeLoginPasswordRequest,
  changePayPasswordRequest,
  forgotPasswordRequest,
  loginRequest,
  registerRequest,
  requestIdOnly,
  resetPasswordRequest,
  sendSmsRequest,
  setLanguageRequest,
} from "./schemas/accounts";
import { addCardRequest, deleteCardRequest } from "./schemas/cards";
import { contentIdRequest, contentListRequest } from "./schemas/content";
import { fairHeadsRequest, fairRangeRequest, fairTicksRequest, fairVoidsRequest } from "./schemas/fair";
import { favouriteRequest } from "./schemas/favourites";
import { emptyRequest } from "./schemas/fields";
import { pageRequest } from "./schemas/fields";
import { appendRequest, joinPlanRequest, stopRequest, subscriptionRequest } from "./schemas/finance";
import { certificationRequest } from "./schemas/identity";
import { messageRequest } from "./schemas/inbox";
import { klineRequest, latestQuotesRequest, marketListRequest, pidRequest } from "./schemas/markets";
import { orderHistoryRequest, statementRequest } from "./schemas/order-reports";
import { pushSubscribeRequest, pushUnsubscribeRequest } from "./schemas/push";
import { rechargeRequest } from "./schemas/recharge";
import { setLimitsRequest } from "./schemas/self-limits";
import { streamRequest } from "./schemas/stream";
import { supportReadRequest, supportSendRequest, supportThreadRequest } from "./schemas/support-chat";
import { holdingOrdersRequest, orderIdRequest, placeOrderRequest, preTradeCheckRequest } from "./schemas/trading";
import { sessionsEndRequest, totpDisableRequest, totpEnableRequest } from "./schemas/two-factor";
import { exchangeRequest, fundsCsvRequest, fundsRequest, practiceResetRequest } from "./schemas/wallet";
import { withdrawRequest } from "./schemas/withdrawal";
import { SUPPORT_TEXT_MAX, supportPaths } from "./support-chat";

/**
 * Every API path with its request schema. The server registers its routes from this table and `/api/docs`
 * is generated from it, so the documentation cannot drift from what is enforced. Every POST that moves money
 * or creates a record takes a `requestId`: a retry with the same one gets the first answer, the action done once.
 */
export interface EndpointSpec extends ApiPath {
  summary: string;
  request: z.ZodType;
  /** operator endpoints: the roles allowed besides admin (checked once, in the auth hook) */
  roles?: readonly OpsRole[];
  /** operator endpoints only a named person may call (contract/ops-paths.ts) */
  person?: true;
}

export const endpoints = {
  sendSms: { ...apiPaths.sendSms, summary: "Send an SMS verification code", request: sendSmsRequest },
  register: { ...apiPaths.register, summary: "Register an account", request: registerRequest },
  login: { ...apiPaths.login, summary: "Log in", request: loginRequest },
  forgotPassword: {
    ...apiPaths.forgotPassword,
    summary: "Forgotten password: an SMS code to the phone of the account registered with it; the same answer for any phone",
    request: forgotPasswordRequest,
  },
  resetPassword: {
    ...apiPaths.resetPassword,
    summary: "Reset the login password with the SMS code (phone, code, password, password2): every session ends, a message is sent",
    request: resetPasswordRequest,
  },
  logout: { ...apiPaths.logout, summary: "Log out (revokes the token)", request: emptyRequest },
  userInfo: { ...apiPaths.userInfo, summary: "The logged-in user", request: emptyRequest },
  changeLoginPassword: { ...apiPaths.changeLoginPassword, summary: "Change the login password", request: changeLoginPasswordRequest },
  changePayPassword: { ...apiPaths.changePayPassword, summary: "Set or change the fund password", request: changePayPasswordRequest },
  setLanguage: {
    ...apiPaths.setLanguage,
    summary: "Store the language the customer reads (their messages are written in it)",
    request: setLanguageRequest,
  },
  products: { ...apiPaths.products, summary: "Products with price, change and market status (simulated feed)", request: marketListRequest },
  goods: { ...apiPaths.goods, summary: "A product's order ticket: options, limits, fee rate, balance", request: pidRequest },
  seconds: { ...apiPaths.seconds, summary: "Settlement-time options with payout rate and amount range", request: pidRequest },
  productDetail: { ...apiPaths.productDetail, summary: "Price, session open/high/low, previous close, status", request: pidRequest },
  latestQuotes: { ...apiPaths.latestQuotes, summary: "Latest price of each listed product", request: latestQuotesRequest },
  sparklines: {
    ...apiPaths.sparklines,
    summary: "Each product's last hour of closes, one every two minutes, for the quote list's sparklines (cacheable for a minute)",
    request: emptyRequest,
  },
  klines: {
    ...apiPaths.klines,
    summary: "Candles [time, open, high, low, close], oldest first; `before` or `after` (unix seconds) pages through history",
    request: klineRequest,
  },
  preTradeCheck: {
    ...apiPaths.preTradeCheck,
    summary: "Whether an order could be placed now, and why not (from the practice balance with account=practice)",
    request: preTradeCheckRequest,
  },
  placeOrder: { ...apiPaths.placeOrder, summary: "Place a timed up/down order (requestId makes retries safe)", request: placeOrderRequest },
  order: { ...apiPaths.order, summary: "One of the user's orders", request: orderIdRequest },
  holdingOrders: {
    ...apiPaths.holdingOrders,
    summary: "The user's holding orders of one account (real unless account=practice)",
    request: holdingOrdersRequest,
  },
  orderHistory: {
    ...apiPaths.orderHistory,
    summary: "The user's closed orders, newest settled first, 20 a page; narrowed by product, result and settlement time",
    request: orderHistoryRequest,
  },
  statement: {
    ...apiPaths.statement,
    summary: "Settled orders of the last 7, 30 or 90 days: totals, win rate, net per day (reader's days) and per product",
    request: statementRequest,
  },
  wallet: { ...apiPaths.wallet, summary: "Cash, coin, frozen and yuebao balances and the coin rate", request: emptyRequest },
  exchange: { ...apiPaths.exchange, summary: "Exchange cash to coin or coin to cash at the operator's rate", request: exchangeRequest },
  exchangeRecords: { ...apiPaths.exchangeRecords, summary: "Exchange records, newest first", request: pageRequest },
  practiceReset: {
    ...apiPaths.practiceReset,
    summary: "Set the practice balance back to 10000.00 (once per requestId; one ledger line for the difference)",
    request: practiceResetRequest,
  },
  funds: {
    ...apiPaths.funds,
    summary:
      "Funds statement: every ledger line of the customer, all accounts, newest first, with the balance after each and its record; paged; by kind and period; opening and closing balances",
    request: fundsRequest,
  },
  fundsCsv: { ...apiPaths.fundsCsv, summary: "The funds statement's lines as CSV, with the same filters", request: fundsCsvRequest },
  bankCards: { ...apiPaths.bankCards, summary: "Bound bank cards and payment channels (numbers masked)", request: emptyRequest },
  addCard: { ...apiPaths.addCard, summary: "Bind a bank card, Alipay, WeChat or crypto address", request: addCardRequest },
  deleteCard: {
    ...apiPaths.deleteCard,
    summary: "Remove one of the user's cards (fund password; not while a withdrawal to it is under review)",
    request: deleteCardRequest,
  },
  rechargeInfo: { ...apiPaths.rechargeInfo, summary: "Deposit channels, minimum and notice", request: emptyRequest },
  recharge: { ...apiPaths.recharge, summary: "Report a transfer with its screenshot; the operator reviews it", request: rechargeRequest },
  rechargeRecords: { ...apiPaths.rechargeRecords, summary: "Recharge records, newest first", request: pageRequest },
  withdrawalInfo: { ...apiPaths.withdrawalInfo, summary: "Withdrawal rules and the user's cards", request: emptyRequest },
  withdraw: { ...apiPaths.withdraw, summary: "Request a withdrawal to a bound card (fund password)", request: withdrawRequest },
  withdrawRecords: { ...apiPaths.withdrawRecords, summary: "Withdrawal records, newest first", request: pageRequest },
  plans: { ...apiPaths.plans, summary: "Yuebao plans: daily rate, days, minimum", request: emptyRequest },
  joinPlan: { ...apiPaths.joinPlan, summary: "Join a plan (below the minimum it is reserved as to_be_added)", request: joinPlanRequest },
  yuebaoInfo: { ...apiPaths.yuebaoInfo, summary: "Subscriptions and the profit summary", request: emptyRequest },
  appendSubscription: { ...apiPaths.appendSubscription, summary: "Add principal to a subscription", request: appendRequest },
  keepSubscription: {
    ...apiPaths.keepSubscription,
    summary: "Renew the subscription for another term at maturity",
    request: subscriptionRequest,
  },
  stopSubscription: {
    ...apiPaths.stopSubscription,
    summary: "Settle now: principal and profit so far back to cash (fund password)",
    request: stopRequest,
  },
  certificationState: { ...apiPaths.certificationState, summary: "Real-name verification status", request: emptyRequest },
  certify: { ...apiPaths.certify, summary: "Submit name and ID number for review (agree=1)", request: certificationRequest },
  messages: { ...apiPaths.messages, summary: "Messages with read flags, newest first, and the unread count", request: pageRequest },
  readMessage: { ...apiPaths.readMessage, summary: "Mark a message read", request: messageRequest },
  invitation: { ...apiPaths.invitation, summary: "Own invitation code, invitee count, bonus and records", request: emptyRequest },
  platformInfo: { ...apiPaths.platformInfo, summary: "Platform name, about text, support channels and languages", request: emptyRequest },
  home: {
    ...apiPaths.home,
    summary: "Banners, notices, news, company pages and activities in the reader's language",
    request: emptyRequest,
  },
  banners: { ...apiPaths.banners, summary: "Banners", request: emptyRequest },
  notices: { ...apiPaths.notices, summary: "Platform notices", request: emptyRequest },
  contentList: {
    ...apiPaths.contentList,
    summary: "News (kind=news), company pages (company) or notices, 20 a page",
    request: contentListRequest,
  },
  contentDetail: {
    ...apiPaths.contentDetail,
    summary: "One news article, company page or notice with its body",
    request: contentIdRequest,
  },
  activityDetail: { ...apiPaths.activityDetail, summary: "One activity with its body", request: contentIdRequest },
  activities: {
    ...apiPaths.activities,
    summary: "The activity centre; with a session, whether today's sign-in is done",
    request: emptyRequest,
  },
  signin: { ...apiPaths.signin, summary: "Daily sign-in: a cash bonus, once a day", request: requestIdOnly },
  favourites: { ...apiPaths.favourites, summary: "The user's starred products (ids, in the order starred)", request: emptyRequest },
  setFavourite: {
    ...apiPaths.setFavourite,
    summary: "Star (on=1) or unstar (on=0) a product; a repeat changes nothing. Answers the starred ids",
    request: favouriteRequest,
  },
  limits: {
    ...apiPaths.limits,
    summary: "The customer's own limits in force, the loosenings waiting (each with when it takes effect) and the use against each",
    request: emptyRequest,
  },
  setLimits: {
    ...apiPaths.setLimits,
    summary:
      "Set the customer's own limits: only the fields sent change, empty removes; a tightening holds at once, a loosening 24 h later; a timeout or exclusion ends only at its date",
    request: setLimitsRequest,
  },
  totpSetup: {
    ...apiPaths.totpSetup,
    summary: "A new authenticator secret and its otpauth URI, not in force until confirmed; refused while two-step sign-in is on",
    request: emptyRequest,
  },
  totpEnable: {
    ...apiPaths.totpEnable,
    summary: "Turn two-step sign-in on with the authenticator's current code; answers ten one-use recovery codes, shown once",
    request: totpEnableRequest,
  },
  totpDisable: {
    ...apiPaths.totpDisable,
    summary: "Turn two-step sign-in off: the login password and a current code or an unused recovery code",
    request: totpDisableRequest,
  },
  sessions: {
    ...apiPaths.sessions,
    summary: "The customer's open sessions: device in words, address, first and last seen (to the minute), which is this one",
    request: emptyRequest,
  },
  sessionsEnd: {
    ...apiPaths.sessionsEnd,
    summary: "End one session by id, or with all=1 every session but this one",
    request: sessionsEndRequest,
  },

  sessionSummary: {
    ...apiPaths.sessionSummary,
    summary:
      "The reality check: this session's start (server time), the chosen interval, and the trades, turnover and profit/loss of the orders placed since",
    request: emptyRequest,
  },
  fairCommitments: {
    ...apiPaths.fairCommitments,
    summary:
      "Published commitments of the minutes starting in [from, to] (unix seconds, at most a day): SHA-256(seed ‖ params), docs/fairness.md",
    request: fairRangeRequest,
  },
  fairReveals: {
    ...apiPaths.fairReveals,
    summary:
      "Revealed seeds of the minutes starting in [from, to] (unix seconds, at most a day), each published after its minute and the grace",
    request: fairRangeRequest,
  },
  fairHeads: {
    ...apiPaths.fairHeads,
    summary: "A product's hash-chain head after each minute in [from, to] (the last hour by default, at most a day)",
    request: fairHeadsRequest,
  },
  fairTicks: {
    ...apiPaths.fairTicks,
    summary:
      "A product's recorded ticks of the minute holding second `start` (unix seconds), each with its chain link, the tick before the minute and the minute's head",
    request: fairTicksRequest,
  },
  fairOrder: {
    ...apiPaths.fairOrder,
    summary:
      "One of the user's orders with what checks it: entry and exit ticks, their chain links and heads, commitments, seeds once revealed",
    request: orderIdRequest,
  },
  fairVoids: {
    ...apiPaths.fairVoids,
    summary: "Orders voided per UTC day and reason, for the days from `from` to `to` (unix seconds, at most 90 days)",
    request: fairVoidsRequest,
  },
  streamTicket: {
    ...streamPaths.streamTicket,
    summary: "A one-use ticket (30 s) that opens the update stream, GET /api/stream (EventSource sends no token header)",
    request: emptyRequest,
  },
  stream: {
    ...streamPaths.stream,
    summary:
      "The customer's update stream (text/event-stream): each event's data is {kind, data} (contract/stream.ts), its id resumes a dropped stream (Last-Event-ID header or lastEventId); a comment every 15 s keeps it open",
    request: streamRequest,
  },
  pushKey: {
    ...pushPaths.pushKey,
    summary: "The server's public VAPID key (base64url), the browser's applicationServerKey",
    request: emptyRequest,
  },
  pushSubscribe: {
    ...pushPaths.pushSubscribe,
    summary:
      "Store this device's push subscription (PushSubscription.toJSON() as a JSON string): notices of the customer's orders, reviews and support replies",
    request: pushSubscribeRequest,
  },
  pushUnsubscribe: {
    ...pushPaths.pushUnsubscribe,
    summary: "Remove this device's push subscription (by its endpoint): no more notices to it",
    request: pushUnsubscribeRequest,
  },
  supportThread: {
    ...supportPaths.supportThread,
    summary:
      "The customer's support thread: the lines after `after` (a line id; oldest first, 200 at most, `more` when others follow) and the unread count",
    request: supportThreadRequest,
  },
  supportSend: {
    ...supportPaths.supportSend,
    summary: `A line to customer service: text (at most ${SUPPORT_TEXT_MAX} characters) and/or image (an address POST /api/user/uploadfile answered), once per requestId`,
    request: supportSendRequest,
  },
  supportRead: {
    ...supportPaths.supportRead,
    summary: "The customer has read support's lines up to the line `upTo`: answers the unread count",
    request: supportReadRequest,
  },
} satisfies Record<keyof typeof apiPaths | keyof typeof streamPaths | keyof typeof pushPaths | keyof typeof supportPaths, EndpointSpec>;
