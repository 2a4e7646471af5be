import type { EndpointSpec } from "./endpoints";
import { EVERY_ROLE, type OpsRole } from "./operators";
import { contentItemRequest, contentItemsRequest, contentPublishedRequest, publishContentRequest } from "./schemas/content";
import { emptyRequest } from "./schemas/fields";
import { planRequest } from "./schemas/finance";
import { reviewVerificationRequest } from "./schemas/identity";
import { sendMessageRequest } from "./schemas/inbox";
import { inviteBonusRequest } from "./schemas/invites";
import { productNamesRequest } from "./schemas/localized-texts";
import {
  productFeedRequest,
  productLimitsRequest,
  productOptionsRequest,
  productQuotingRequest,
  productTradingRequest,
} from "./schemas/markets";
import { moneyRulesRequest, reconcileReportRequest } from "./schemas/money-rules";
import {
  accountRequest,
  addOperatorRequest,
  auditLogRequest,
  operatorLoginRequest,
  operatorSetupRequest,
  smsOutboxRequest,
  userDetailRequest,
  userSearchRequest,
} from "./schemas/operators";
import { channelRequest } from "./schemas/recharge";
import { reviewDecisionRequest, reviewQueueRequest } from "./schemas/review";
import { officeRequest } from "./schemas/support";

/** Who may call what (admin always may): the roles are declared on each endpoint and checked in one place. */
const ADMIN: readonly OpsRole[] = [];
const FINANCE: readonly OpsRole[] = ["finance"];
const SUPPORT: readonly OpsRole[] = ["support"];
const CONTENT: readonly OpsRole[] = ["content"];
/** finding a customer: support answers them, finance checks them before paying out */
const PEOPLE: readonly OpsRole[] = ["support", "finance"];

/**
 * Operator API, one table like the customer's (endpoints.ts): the request schemas live beside each domain's
 * customer schemas in contract/schemas/<domain>.ts and parse ids, amounts (cents), rates (basis points) and
 * switches as the customer ones do, so services never read numbers out of text. Two credentials: a named
 * operator's console session (an HttpOnly cookie scoped to /api/ops), or the machine token (OPS_TOKEN in the
 * `ops-token` header, for `npm run ops -- …` and scripts; it acts as admin).
 */
export const opsEndpoints = {
  // ── markets: products and their ticket settings (nothing here touches prices or outcomes) ──
  listProducts: {
    method: "GET",
    path: "/api/ops/products",
    summary: "Products with their ticket settings",
    request: emptyRequest,
    auth: "ops",
    roles: FINANCE,
  },
  setProductTrading: {
    method: "POST",
    path: "/api/ops/product/trading",
    summary: "Open (enabled=1) or close (enabled=0) a product for trading",
    request: productTradingRequest,
    auth: "ops",
    roles: ADMIN,
  },
  setProductOptions: {
    method: "POST",
    path: "/api/ops/product/options",
    summary: "Replace a product's settlement options: seconds:payoutRate:min:max, comma separated",
    request: productOptionsRequest,
    auth: "ops",
    roles: ADMIN,
  },
  setProductLimits: {
    method: "POST",
    path: "/api/ops/product/limits",
    summary: "Set a product's fee rate and position limits",
    request: productLimitsRequest,
    auth: "ops",
    roles: ADMIN,
  },
  setProductNames: {
    method: "POST",
    path: "/api/ops/product/names",
    summary: "Set a product's display name: English (name, required) and name_<code> per language (empty: English is shown)",
    request: productNamesRequest,
    auth: "ops",
    roles: ADMIN,
  },
  setProductFeed: {
    method: "POST",
    path: "/api/ops/product/feed",
    summary:
      "Set where a halted product's prices come from (simulated, or binance:<symbol>) and how many seconds (1-10) its recent price is trusted without a trade",
    request: productFeedRequest,
    auth: "ops",
    roles: ADMIN,
  },
  setProductQuoting: {
    method: "POST",
    path: "/api/ops/product/quoting",
    summary: "Set a product's requote tolerance (basis points, at most 500) and the oldest quote an order may open on (1–30 s)",
    request: productQuotingRequest,
    auth: "ops",
    roles: ADMIN,
  },
  risk: {
    method: "GET",
    path: "/api/ops/risk",
    summary:
      "Open exposure per product (stakes up and down, payout if either wins, the worse case) and feed health (last tick age per product, job leader)",
    request: emptyRequest,
    auth: "ops",
    roles: EVERY_ROLE,
  },

  // ── recharge and withdrawal: the review queues and deposit channels ──
  listRecharges: {
    method: "GET",
    path: "/api/ops/recharges",
    summary: "Recharge requests (status review by default)",
    request: reviewQueueRequest,
    auth: "ops",
    roles: FINANCE,
  },
  reviewRecharge: {
    method: "POST",
    path: "/api/ops/recharge/review",
    summary: "Approve (credits cash once) or reject a recharge",
    request: reviewDecisionRequest,
    auth: "ops",
    roles: FINANCE,
  },
  setChannel: {
    method: "POST",
    path: "/api/ops/channel",
    summary: "Add (no id) or change a deposit channel",
    request: channelRequest,
    auth: "ops",
    roles: FINANCE,
  },
  listChannels: {
    method: "GET",
    path: "/api/ops/channels",
    summary: "Every deposit channel, disabled ones too; a QR as a link the operator's session opens (/api/ops/channel-qr/:id)",
    request: emptyRequest,
    auth: "ops",
    roles: FINANCE,
  },
  listWithdrawals: {
    method: "GET",
    path: "/api/ops/withdrawals",
    summary: "Withdrawal requests (status review by default)",
    request: reviewQueueRequest,
    auth: "ops",
    roles: FINANCE,
  },
  reviewWithdrawal: {
    method: "POST",
    path: "/api/ops/withdrawal/review",
    summary: "Approve (pays out) or reject (returns the money) a withdrawal",
    request: reviewDecisionRequest,
    auth: "ops",
    roles: FINANCE,
  },

  // ── money rules and reconciliation ──
  moneyRules: {
    method: "GET",
    path: "/api/ops/money-rules",
    summary: "Withdrawal limits, window, fee, coin rate, recharge minimum",
    request: emptyRequest,
    auth: "ops",
    roles: FINANCE,
  },
  setMoneyRules: {
    method: "POST",
    path: "/api/ops/money-rules",
    summary:
      "Change any of: withdrawMin, withdrawMax, withdrawFeeRate, window (HH:MM-HH:MM), timezone, dailyCount, coinRate, rechargeMin, rechargeApproveMax (largest recharge an operator may approve), rechargeNotice, dualApprovalAbove (withdrawals and recharges), payoutCap (highest payout rate of a settlement option, below 1)",
    request: moneyRulesRequest,
    auth: "ops",
    roles: FINANCE,
  },
  reconcileReport: {
    method: "GET",
    path: "/api/ops/reconcile/report",
    summary: "Per user, each cached balance beside its ledger sum (50 a page, or only those that differ), and platform totals",
    request: reconcileReportRequest,
    auth: "ops",
    roles: FINANCE,
  },
  reconcile: {
    method: "GET",
    path: "/api/ops/reconcile",
    summary: "Check every balance against the sum of its ledger rows",
    request: emptyRequest,
    auth: "ops",
    roles: FINANCE,
  },

  // ── identity, inbox, invites, support ──
  listVerifications: {
    method: "GET",
    path: "/api/ops/verifications",
    summary: "Real-name requests awaiting review",
    request: emptyRequest,
    auth: "ops",
    roles: SUPPORT,
  },
  reviewVerification: {
    method: "POST",
    path: "/api/ops/verification/review",
    summary: "Pass or refuse a real-name request",
    request: reviewVerificationRequest,
    auth: "ops",
    roles: SUPPORT,
  },
  sendMessage: {
    method: "POST",
    path: "/api/ops/message",
    summary: "Send a message to one account, or to everyone without an account",
    request: sendMessageRequest,
    auth: "ops",
    roles: SUPPORT,
  },
  setInviteBonus: {
    method: "POST",
    path: "/api/ops/invite-bonus",
    summary: "Bonus credited to the inviter once per invitee, and when: at registration, real-name approval or first approved recharge",
    request: inviteBonusRequest,
    auth: "ops",
    roles: FINANCE,
  },
  smsOutbox: {
    method: "GET",
    path: "/api/ops/sms",
    summary: "SMS outbox, newest first, 50 a page: every phone, or one (phone); beforeId pages on",
    request: smsOutboxRequest,
    auth: "ops",
    roles: SUPPORT,
  },

  // ── content ──
  publishContent: {
    method: "POST",
    path: "/api/ops/content",
    summary: "Publish or edit one language of a banner, notice, news item, company page or activity",
    request: publishContentRequest,
    auth: "ops",
    roles: CONTENT,
  },
  listContentItems: {
    method: "GET",
    path: "/api/ops/contents",
    summary: "Content items newest first, 20 a page, each with its languages and whether readers see them",
    request: contentItemsRequest,
    auth: "ops",
    roles: CONTENT,
  },
  contentItem: {
    method: "GET",
    path: "/api/ops/content/item",
    summary: "Every language of one content item, drafts included",
    request: contentItemRequest,
    auth: "ops",
    roles: CONTENT,
  },
  setContentPublished: {
    method: "POST",
    path: "/api/ops/content/publish",
    summary: "Publish (1) or unpublish (0) a content item: every language, or only lang",
    request: contentPublishedRequest,
    auth: "ops",
    roles: CONTENT,
  },
  office: {
    method: "GET",
    path: "/api/ops/office",
    summary: "The company's office as the company page shows it, for the console's editor",
    request: emptyRequest,
    auth: "ops",
    roles: CONTENT,
  },
  setOffice: {
    method: "POST",
    path: "/api/ops/office",
    summary: "The company's office the company page shows (name, address, latitude and longitude in decimal degrees)",
    request: officeRequest,
    auth: "ops",
    roles: CONTENT,
  },

  // ── finance: yuebao plans ──
  listPlansForOps: {
    method: "GET",
    path: "/api/ops/plans",
    summary: "Every yuebao plan, disabled ones too, with the subscriptions earning in it",
    request: emptyRequest,
    auth: "ops",
    roles: FINANCE,
  },
  setPlan: {
    method: "POST",
    path: "/api/ops/plan",
    summary: "Add (no id) or change a yuebao plan; running subscriptions keep their own rate and term",
    request: planRequest,
    auth: "ops",
    roles: FINANCE,
  },

  // ── operators and customers: sign-in, accounts, the audit log, finding a customer ──
  operatorLogin: {
    method: "POST",
    path: "/api/ops/login",
    summary: "Operator sign-in: username, password and (admin, finance) the authenticator code; sets the console cookie",
    request: operatorLoginRequest,
    auth: "none",
  },
  operatorSetup: {
    method: "POST",
    path: "/api/ops/setup",
    summary: "Create the first admin with the one-time setup code the server printed (only while no operator exists)",
    request: operatorSetupRequest,
    auth: "none",
  },
  operatorLogout: {
    method: "POST",
    path: "/api/ops/logout",
    summary: "End the console session",
    request: emptyRequest,
    auth: "ops",
    roles: EVERY_ROLE,
  },
  operatorMe: {
    method: "GET",
    path: "/api/ops/me",
    summary: "The signed-in operator: username and role",
    request: emptyRequest,
    auth: "ops",
    roles: EVERY_ROLE,
  },
  listOperators: {
    method: "GET",
    path: "/api/ops/operators",
    summary: "Operator accounts",
    request: emptyRequest,
    auth: "ops",
    roles: ADMIN,
  },
  addOperator: {
    method: "POST",
    path: "/api/ops/operators",
    summary: "Create an operator; answers its password (generated unless given) and the TOTP otpauth URI once",
    request: addOperatorRequest,
    auth: "ops",
    roles: ADMIN,
  },
  auditLog: {
    method: "GET",
    path: "/api/ops/audit",
    summary: "Operator writes, newest first, 50 a page: filter by actor, action (endpoint) or target; beforeId pages on",
    request: auditLogRequest,
    auth: "ops",
    roles: ADMIN,
  },
  processStatus: {
    method: "GET",
    path: "/api/ops/status",
    summary: "The answering process: pid, database kind, and whether it is the job leader",
    request: emptyRequest,
    auth: "ops",
    roles: EVERY_ROLE,
  },
  dashboard: {
    method: "GET",
    path: "/api/ops/dashboard",
    summary: "Pending reviews with their oldest age, and today's deposits, withdrawals and orders",
    request: emptyRequest,
    auth: "ops",
    roles: EVERY_ROLE,
  },
  searchUsers: {
    method: "GET",
    path: "/api/ops/users",
    summary: "Find customers by account, phone, id or invite code (at most 50)",
    request: userSearchRequest,
    auth: "ops",
    roles: PEOPLE,
  },
  userDetail: {
    method: "GET",
    path: "/api/ops/user/detail",
    summary: "One customer: balances, the ledger with running balances, orders and cards",
    request: userDetailRequest,
    auth: "ops",
    roles: PEOPLE,
  },
  showUser: {
    method: "GET",
    path: "/api/ops/user",
    summary: "Show a user by account",
    request: accountRequest,
    auth: "ops",
    roles: PEOPLE,
  },
  unlockUser: {
    method: "POST",
    path: "/api/ops/unlock",
    summary: "Unlock an account locked by wrong passwords, with its per-address and fund-password locks",
    request: accountRequest,
    auth: "ops",
    roles: SUPPORT,
  },
} satisfies Record<string, EndpointSpec>;
