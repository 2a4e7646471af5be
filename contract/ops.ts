import { z } from "zod";

import { CARD_TYPES } from "./cards";
import type { EndpointSpec } from "./endpoints";
import { INVITE_BONUS_POLICIES } from "./invites";
import { EVERY_ROLE, OPS_ROLES, type OpsRole } from "./operators";
import { requiredOrInvalid, requiredText } from "./schemas/fields";
import { NAME_MAX, NOTE_MAX, translationFields } from "./schemas/localized-texts";

/** Who may call what (admin always may): the roles are declared on each endpoint and checked in one place. */
const ADMIN: readonly OpsRole[] = [];
const FINANCE: readonly OpsRole[] = ["finance"];
const SUPPORT: readonly OpsRole[] = ["support"];
const CONTENT: readonly OpsRole[] = ["content"];
/** finding a customer: support answers them, finance checks them before paying out */
const PEOPLE: readonly OpsRole[] = ["support", "finance"];

/**
 * Operator API. Two credentials: a named operator's console session (an HttpOnly cookie scoped to /api/ops),
 * or the machine token (OPS_TOKEN in the `ops-token` header, for `npm run ops -- …` and scripts; it acts as
 * admin).
 */
export const opsEndpoints = {
  smsOutbox: {
    method: "GET",
    path: "/api/ops/sms",
    summary: "SMS outbox, newest first, 50 a page: every phone, or one (phone); beforeId pages on",
    request: z.object({
      phone: z.string({ error: "invalid_input" }).max(40, { error: "field_too_long" }).optional(),
      beforeId: z
        .string({ error: "invalid_input" })
        .regex(/^\d{1,12}$/, { error: "invalid_input" })
        .optional(),
    }),
    auth: "ops",
    roles: SUPPORT,
  },
  showUser: {
    method: "GET",
    path: "/api/ops/user",
    summary: "Show a user by account",
    request: z.object({ account: requiredText() }),
    auth: "ops",
    roles: PEOPLE,
  },
  unlockUser: {
    method: "POST",
    path: "/api/ops/unlock",
    summary: "Unlock an account locked by wrong passwords, with its per-address and fund-password locks",
    request: z.object({ account: requiredText() }),
    auth: "ops",
    roles: SUPPORT,
  },
  processStatus: {
    method: "GET",
    path: "/api/ops/status",
    summary: "The answering process: pid, database kind, and whether it is the job leader",
    request: z.object({}),
    auth: "ops",
    roles: EVERY_ROLE,
  },
  risk: {
    method: "GET",
    path: "/api/ops/risk",
    summary:
      "Open exposure per product (stakes up and down, payout if either wins, the worse case) and feed health (last tick age per product, job leader)",
    request: z.object({}),
    auth: "ops",
    roles: EVERY_ROLE,
  },
} satisfies Record<string, EndpointSpec>;

/** A record or product number as the operator types it: digits only, within a Postgres integer. */
const recordId = () =>
  z
    .string({ error: (issue) => (issue.input === undefined ? "field_required" : "invalid_input") })
    .regex(/^\d{1,9}$/, { error: "invalid_input" });
const decimalText = () => z.string({ error: "field_required" }).regex(/^\d{1,12}(\.\d{1,2})?$/, { error: "invalid_input" });
const rateText = () => z.string({ error: "field_required" }).regex(/^0(\.\d{1,4})?$|^1(\.0{1,4})?$/, { error: "invalid_input" });

export const opsProductEndpoints = {
  listProducts: {
    method: "GET",
    path: "/api/ops/products",
    summary: "Products with their ticket settings",
    request: z.object({}),
    auth: "ops",
    roles: FINANCE,
  },
  setProductTrading: {
    method: "POST",
    path: "/api/ops/product/trading",
    summary: "Open (enabled=1) or close (enabled=0) a product for trading",
    request: z.object({ pid: recordId(), enabled: z.enum(["0", "1"], { error: "invalid_input" }) }),
    auth: "ops",
    roles: ADMIN,
  },
  setProductOptions: {
    method: "POST",
    path: "/api/ops/product/options",
    summary: "Replace a product's settlement options: seconds:payoutRate:min:max, comma separated",
    request: z.object({
      pid: recordId(),
      options: z
        .string({ error: "field_required" })
        .regex(
          /^\d{1,5}:[01](\.\d{1,4})?:\d{1,12}(\.\d{1,2})?:\d{1,12}(\.\d{1,2})?(,\d{1,5}:[01](\.\d{1,4})?:\d{1,12}(\.\d{1,2})?:\d{1,12}(\.\d{1,2})?){0,9}$/,
          { error: "invalid_input" },
        ),
    }),
    auth: "ops",
    roles: ADMIN,
  },
  setProductLimits: {
    method: "POST",
    path: "/api/ops/product/limits",
    summary: "Set a product's fee rate and position limits",
    request: z.object({
      pid: recordId(),
      feeRate: rateText(),
      singleMin: decimalText(),
      singleMax: decimalText(),
      totalMax: decimalText(),
    }),
    auth: "ops",
    roles: ADMIN,
  },
  setProductFeed: {
    method: "POST",
    path: "/api/ops/product/feed",
    summary:
      "Set where a halted product's prices come from (simulated, or binance:<symbol>) and how many seconds of silence leave it stale",
    request: z.object({
      pid: recordId(),
      source: z.string({ error: "field_required" }).regex(/^(simulated|binance:[a-z0-9]{2,30})$/, { error: "invalid_input" }),
      staleSeconds: z
        .string({ error: "invalid_input" })
        .regex(/^\d{1,4}$/, { error: "invalid_input" })
        .default("10"),
    }),
    auth: "ops",
    roles: ADMIN,
  },
  setProductQuoting: {
    method: "POST",
    path: "/api/ops/product/quoting",
    summary: "Set a product's requote tolerance (basis points, at most 500) and the oldest quote an order may open on (1–30 s)",
    request: z.object({
      pid: recordId(),
      requoteToleranceBps: z.string({ error: "field_required" }).regex(/^\d{1,3}$/, { error: "invalid_input" }),
      maxQuoteAgeSeconds: z.string({ error: "field_required" }).regex(/^\d{1,2}$/, { error: "invalid_input" }),
    }),
    auth: "ops",
    roles: ADMIN,
  },
} satisfies Record<string, EndpointSpec>;

const reviewStatus = () => z.enum(["review", "success", "failed", "all"], { error: "invalid_input" }).default("review");
const decision = () => z.enum(["approve", "reject"], { error: "invalid_input" });
const optionalText = (max: number) => z.string({ error: "invalid_input" }).max(max, { error: "field_too_long" }).optional();

export const opsMoneyEndpoints = {
  listRecharges: {
    method: "GET",
    path: "/api/ops/recharges",
    summary: "Recharge requests (status review by default)",
    request: z.object({ status: reviewStatus() }),
    auth: "ops",
    roles: FINANCE,
  },
  reviewRecharge: {
    method: "POST",
    path: "/api/ops/recharge/review",
    summary: "Approve (credits cash once) or reject a recharge",
    request: z.object({ id: recordId(), decision: decision(), reason: z.string({ error: "invalid_input" }).max(200).default("") }),
    auth: "ops",
    roles: FINANCE,
  },
  listWithdrawals: {
    method: "GET",
    path: "/api/ops/withdrawals",
    summary: "Withdrawal requests (status review by default)",
    request: z.object({ status: reviewStatus() }),
    auth: "ops",
    roles: FINANCE,
  },
  reviewWithdrawal: {
    method: "POST",
    path: "/api/ops/withdrawal/review",
    summary: "Approve (pays out) or reject (returns the money) a withdrawal",
    request: z.object({ id: recordId(), decision: decision(), reason: z.string({ error: "invalid_input" }).max(200).default("") }),
    auth: "ops",
    roles: FINANCE,
  },
  setChannel: {
    method: "POST",
    path: "/api/ops/channel",
    summary: "Add (no id) or change a deposit channel",
    request: z.object({
      id: recordId().optional(),
      type: z.enum(CARD_TYPES, { error: requiredOrInvalid }),
      name: requiredText(),
      account: requiredText(),
      note: z.string({ error: "invalid_input" }).max(300).default(""),
      enabled: z.enum(["0", "1"], { error: "invalid_input" }).default("1"),
      // a QR image to scan (Alipay, WeChat): a data URL of a PNG, JPEG or WebP, at most ~60 KB
      qr: z
        .string({ error: "invalid_input" })
        .max(80_000, { error: "field_too_long" })
        .regex(/^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/=]+$/, { error: "invalid_input" })
        .optional(),
      // a change without qr keeps the channel's QR; clearQr=1 removes it
      clearQr: z.enum(["0", "1"], { error: "invalid_input" }).optional(),
      ...translationFields("name", NAME_MAX),
      ...translationFields("note", NOTE_MAX),
    }),
    auth: "ops",
    roles: FINANCE,
  },
  listChannels: {
    method: "GET",
    path: "/api/ops/channels",
    summary: "Every deposit channel, disabled ones too; a QR as a link the operator's session opens (/api/ops/channel-qr/:id)",
    request: z.object({}),
    auth: "ops",
    roles: FINANCE,
  },
  moneyRules: {
    method: "GET",
    path: "/api/ops/money-rules",
    summary: "Withdrawal limits, window, fee, coin rate, recharge minimum",
    request: z.object({}),
    auth: "ops",
    roles: FINANCE,
  },
  setMoneyRules: {
    method: "POST",
    path: "/api/ops/money-rules",
    summary:
      "Change any of: withdrawMin, withdrawMax, withdrawFeeRate, window (HH:MM-HH:MM), timezone, dailyCount, coinRate, rechargeMin, rechargeNotice, dualApprovalAbove",
    request: z.object({
      withdrawMin: optionalText(20),
      withdrawMax: optionalText(20),
      withdrawFeeRate: optionalText(10),
      window: optionalText(20),
      timezone: optionalText(60),
      dailyCount: optionalText(5),
      coinRate: optionalText(20),
      rechargeMin: optionalText(20),
      rechargeNotice: optionalText(500),
      // withdrawals above this amount need a second, different operator's approval ("0": nobody needs one)
      dualApprovalAbove: optionalText(20),
    }),
    auth: "ops",
    roles: FINANCE,
  },
  reconcileReport: {
    method: "GET",
    path: "/api/ops/reconcile/report",
    summary: "Per user, each cached balance beside its ledger sum (50 a page, or only those that differ), and platform totals",
    request: z.object({
      page: z
        .string({ error: "invalid_input" })
        .regex(/^[1-9]\d{0,5}$/, { error: "invalid_input" })
        .transform(Number)
        .default(1),
      onlyDrift: z.enum(["0", "1"], { error: "invalid_input" }).default("0"),
    }),
    auth: "ops",
    roles: FINANCE,
  },
  reconcile: {
    method: "GET",
    path: "/api/ops/reconcile",
    summary: "Check every balance against the sum of its ledger rows",
    request: z.object({}),
    auth: "ops",
    roles: FINANCE,
  },
} satisfies Record<string, EndpointSpec>;

export const opsMineEndpoints = {
  listVerifications: {
    method: "GET",
    path: "/api/ops/verifications",
    summary: "Real-name requests awaiting review",
    request: z.object({}),
    auth: "ops",
    roles: SUPPORT,
  },
  reviewVerification: {
    method: "POST",
    path: "/api/ops/verification/review",
    summary: "Pass or refuse a real-name request",
    request: z.object({
      id: recordId(),
      decision: z.enum(["pass", "refuse"], { error: "invalid_input" }),
      reason: z.string({ error: "invalid_input" }).max(200).default(""),
    }),
    auth: "ops",
    roles: SUPPORT,
  },
  sendMessage: {
    method: "POST",
    path: "/api/ops/message",
    summary: "Send a message to one account, or to everyone without an account",
    request: z.object({
      account: z.string({ error: "invalid_input" }).max(40).optional(),
      title: requiredText(),
      body: z.string({ error: "field_required" }).min(1, { error: "field_required" }).max(2000, { error: "field_too_long" }),
      type: z.enum(["system", "notice", "activity"], { error: "invalid_input" }).default("system"),
    }),
    auth: "ops",
    roles: SUPPORT,
  },
  setInviteBonus: {
    method: "POST",
    path: "/api/ops/invite-bonus",
    summary: "Bonus credited to the inviter once per invitee, and when: at registration, real-name approval or first approved recharge",
    request: z.object({
      amount: requiredText(),
      policy: z.enum(INVITE_BONUS_POLICIES, { error: "invalid_input" }).optional(),
    }),
    auth: "ops",
    roles: FINANCE,
  },
} satisfies Record<string, EndpointSpec>;

const contentSlug = () => z.string({ error: "field_required" }).regex(/^[a-z0-9-]{1,60}$/, { error: "invalid_input" });
const contentLang = () => z.enum(["en", "de", "es", "fr", "hk", "jp", "kor", "th", "zh", "vi"], { error: "invalid_input" });

export const opsContentEndpoints = {
  publishContent: {
    method: "POST",
    path: "/api/ops/content",
    summary: "Publish or edit one language of a banner, notice, news item, company page or activity",
    request: z.object({
      item: z.string({ error: "field_required" }).regex(/^[a-z0-9-]{1,60}$/, { error: "invalid_input" }),
      kind: z.enum(["banner", "notice", "news", "company", "activity"], { error: "invalid_input" }),
      lang: z.enum(["en", "de", "es", "fr", "hk", "jp", "kor", "th", "zh", "vi"], { error: "invalid_input" }),
      title: requiredText(),
      summary: z.string({ error: "invalid_input" }).max(300).default(""),
      body: z.string({ error: "invalid_input" }).max(20_000, { error: "field_too_long" }).default(""),
      // "0": saved as a draft readers do not see
      published: z.enum(["0", "1"], { error: "invalid_input" }).default("1"),
    }),
    auth: "ops",
    roles: CONTENT,
  },
  listContentItems: {
    method: "GET",
    path: "/api/ops/contents",
    summary: "Content items newest first, 20 a page, each with its languages and whether readers see them",
    request: z.object({
      kind: z.enum(["banner", "notice", "news", "company", "activity"], { error: "invalid_input" }).optional(),
      page: z
        .string({ error: "invalid_input" })
        .regex(/^[1-9]\d{0,5}$/, { error: "invalid_input" })
        .transform(Number)
        .default(1),
    }),
    auth: "ops",
    roles: CONTENT,
  },
  contentItem: {
    method: "GET",
    path: "/api/ops/content/item",
    summary: "Every language of one content item, drafts included",
    request: z.object({ item: contentSlug() }),
    auth: "ops",
    roles: CONTENT,
  },
  setContentPublished: {
    method: "POST",
    path: "/api/ops/content/publish",
    summary: "Publish (1) or unpublish (0) a content item: every language, or only lang",
    request: z.object({
      item: contentSlug(),
      published: z.enum(["0", "1"], { error: "invalid_input" }),
      lang: contentLang().optional(),
    }),
    auth: "ops",
    roles: CONTENT,
  },
} satisfies Record<string, EndpointSpec>;

export const opsFinanceEndpoints = {
  listPlansForOps: {
    method: "GET",
    path: "/api/ops/plans",
    summary: "Every yuebao plan, disabled ones too, with the subscriptions earning in it",
    request: z.object({}),
    auth: "ops",
    roles: FINANCE,
  },
  setPlan: {
    method: "POST",
    path: "/api/ops/plan",
    summary: "Add (no id) or change a yuebao plan; running subscriptions keep their own rate and term",
    request: z.object({
      id: z
        .string({ error: "invalid_input" })
        .regex(/^\d{1,9}$/, { error: "invalid_input" })
        .optional(),
      title: requiredText(),
      dailyRate: z.string({ error: "field_required" }).regex(/^0(\.\d{1,6})?$/, { error: "invalid_input" }),
      days: z.string({ error: "field_required" }).regex(/^\d{1,4}$/, { error: "invalid_input" }),
      minAmount: z.string({ error: "field_required" }).regex(/^\d{1,12}(\.\d{1,2})?$/, { error: "invalid_input" }),
      enabled: z.enum(["0", "1"], { error: "invalid_input" }).default("1"),
      ...translationFields("title", NAME_MAX),
    }),
    auth: "ops",
    roles: FINANCE,
  },
} satisfies Record<string, EndpointSpec>;

const operatorName = () =>
  z
    .string({ error: (issue) => (issue.input === undefined ? "field_required" : "invalid_input") })
    .regex(/^[A-Za-z][A-Za-z0-9_.-]{2,31}$/, { error: "invalid_input" });
const operatorPassword = () =>
  z
    .string({ error: (issue) => (issue.input === undefined ? "field_required" : "invalid_input") })
    .min(10, { error: "invalid_input" })
    .max(128, { error: "field_too_long" });

/** The console: operator sign-in, accounts, the audit log and what reviewing needs to see. */
export const opsConsoleEndpoints = {
  operatorLogin: {
    method: "POST",
    path: "/api/ops/login",
    summary: "Operator sign-in: username, password and (admin, finance) the authenticator code; sets the console cookie",
    request: z.object({
      username: requiredText(),
      password: z.string({ error: "field_required" }).min(1, { error: "field_required" }).max(128, { error: "field_too_long" }),
      code: z
        .string({ error: "invalid_input" })
        .regex(/^\d{6}$/, { error: "invalid_input" })
        .optional(),
    }),
    auth: "none",
  },
  operatorSetup: {
    method: "POST",
    path: "/api/ops/setup",
    summary: "Create the first admin with the one-time setup code the server printed (only while no operator exists)",
    request: z.object({ setupCode: requiredText(), username: operatorName(), password: operatorPassword() }),
    auth: "none",
  },
  operatorLogout: {
    method: "POST",
    path: "/api/ops/logout",
    summary: "End the console session",
    request: z.object({}),
    auth: "ops",
    roles: EVERY_ROLE,
  },
  operatorMe: {
    method: "GET",
    path: "/api/ops/me",
    summary: "The signed-in operator: username and role",
    request: z.object({}),
    auth: "ops",
    roles: EVERY_ROLE,
  },
  listOperators: {
    method: "GET",
    path: "/api/ops/operators",
    summary: "Operator accounts",
    request: z.object({}),
    auth: "ops",
    roles: ADMIN,
  },
  addOperator: {
    method: "POST",
    path: "/api/ops/operators",
    summary: "Create an operator; answers its password (generated unless given) and the TOTP otpauth URI once",
    request: z.object({
      username: operatorName(),
      role: z.enum(OPS_ROLES, { error: "invalid_input" }),
      password: operatorPassword().optional(),
    }),
    auth: "ops",
    roles: ADMIN,
  },
  auditLog: {
    method: "GET",
    path: "/api/ops/audit",
    summary: "Operator writes, newest first, 50 a page: filter by actor, action (endpoint) or target; beforeId pages on",
    request: z.object({
      actor: optionalText(40),
      action: optionalText(80),
      target: optionalText(80),
      beforeId: z
        .string({ error: "invalid_input" })
        .regex(/^\d{1,15}$/, { error: "invalid_input" })
        .optional(),
    }),
    auth: "ops",
    roles: ADMIN,
  },
  searchUsers: {
    method: "GET",
    path: "/api/ops/users",
    summary: "Find customers by account, phone, id or invite code (at most 50)",
    request: z.object({ q: requiredText() }),
    auth: "ops",
    roles: PEOPLE,
  },
  userDetail: {
    method: "GET",
    path: "/api/ops/user/detail",
    summary: "One customer: balances, the ledger with running balances, orders and cards",
    request: z.object({ id: recordId() }),
    auth: "ops",
    roles: PEOPLE,
  },
  dashboard: {
    method: "GET",
    path: "/api/ops/dashboard",
    summary: "Pending reviews with their oldest age, and today's deposits, withdrawals and orders",
    request: z.object({}),
    auth: "ops",
    roles: EVERY_ROLE,
  },
} satisfies Record<string, EndpointSpec>;
