import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";

import { ADJUSTMENT_DIRECTIONS, ADJUSTMENT_STATUSES } from "#contract/adjustments";
import { ALERT_KINDS } from "#contract/alerts";
import { CARD_TYPES } from "#contract/cards";
import { CONTENT_KINDS } from "#contract/content";
import type { Translations } from "#contract/localized-texts";
import { MARKETS } from "#contract/markets";
import { ORDER_RESULTS } from "#contract/order-reports";
import { REVIEW_STATUSES } from "#contract/review";
import { SUPPORT_RECORD_KINDS, SUPPORT_THREAD_STATUSES } from "#contract/support-chat";
import { DIRECTIONS, ORDER_ACCOUNTS, ORDER_STATUSES, VOID_REASONS } from "#contract/trading";
import { TWO_STEP_RESET_STATUSES } from "#contract/two-step-resets";
import { PAYOUT_STATES } from "#contract/withdrawal";

/** Unix seconds: the API's unit of time. */
const unixSeconds = (name: string) => bigint(name, { mode: "number" });
/** Integer cents; the number mode is exact up to 2^53 cents. */
const cents = (name: string) => bigint(name, { mode: "number" }).notNull().default(0);
/** Integer cents, or null for no limit. */
const centsLimit = (name: string) => bigint(name, { mode: "number" });
/** Integer cents a row cannot be without (a stake, a fee, an amount asked for): no default, so none is forgotten. */
const amount = (name: string) => bigint(name, { mode: "number" }).notNull();
/** A price, an integer scaled by 10^precision of its product. */
const price = (name: string) => bigint(name, { mode: "number" }).notNull();
/** When the row was made, in Unix seconds. */
const createdAt = () => unixSeconds("created_at").notNull();
/**
 * A customer-facing text in the languages beside English, {code: text}; English is the record's own column.
 * Null until someone (the first-start seed or an operator) sets them, so the seed never overwrites an edit.
 */
const translations = (name: string) => jsonb(name).$type<Translations>();

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    account: text("account").notNull().unique(),
    passwordHash: text("password_hash").notNull(),
    payPasswordHash: text("pay_password_hash"),
    phone: text("phone").notNull(),
    /**
     * The phone number proven by an SMS code, normalised (server/modules/accounts/phone.ts): one account per
     * number. Null for an account that proved none (one that gave up a clashing number at the upgrade to it).
     */
    verifiedPhone: text("verified_phone"),
    inviteCode: text("invite_code").notNull().unique(),
    inviterId: integer("inviter_id"),
    name: text("name"),
    language: text("language").notNull().default("en"),
    vipLevel: integer("vip_level").notNull().default(0),
    verified: boolean("verified").notNull().default(false),
    /** the account-wide lock after wrong passwords from several addresses; ends at lockedUntil (null: only the operator unlocks) */
    locked: boolean("locked").notNull().default(false),
    lockedUntil: unixSeconds("locked_until"),
    cash: cents("cash"),
    coin: cents("coin"),
    frozen: cents("frozen"),
    yuebao: cents("yuebao"),
    /** the practice balance: play money in its own ledger account, never exchanged for any other */
    practice: cents("practice"),
    /** when the practice balance was first opened (credited 10 000.00); null: not yet used */
    practiceOpenedAt: unixSeconds("practice_opened_at"),
    createdAt: createdAt(),
    /** an operator froze the account (no orders, subscriptions, exchanges or withdrawals) at this time; null: not frozen */
    accountFrozenAt: unixSeconds("account_frozen_at"),
    /** set by an operator's password reset: the app asks for a new password before anything else */
    mustChangePassword: boolean("must_change_password").notNull().default(false),
  },
  // "Foo" and "foo" are one account: logins look accounts up by lower(account)
  (table) => [
    uniqueIndex("users_account_lower_unique").on(sql`lower(${table.account})`),
    uniqueIndex("users_verified_phone_unique").on(table.verifiedPhone),
    // the dashboard's new customers per day
    index("users_created").on(table.createdAt),
  ],
);

/** The customer a money row belongs to: a foreign key, so no such row outlives or predates its customer. */
const customer = () =>
  integer("user_id")
    .notNull()
    .references(() => users.id);

/**
 * An operator's decision on a customer's request: status, the refusal's reason, when it was asked and decided,
 * and above the two-person amount who gave the first approval ("operator:<id>"), so that a different person
 * gives the second.
 */
const review = () => ({
  status: text("status", { enum: REVIEW_STATUSES }).notNull().default("review"),
  reason: text("reason"),
  createdAt: createdAt(),
  reviewedAt: unixSeconds("reviewed_at"),
  firstApprovedBy: text("first_approved_by"),
  firstApprovedAt: unixSeconds("first_approved_at"),
});

export const sessions = pgTable(
  "sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    /** what the Sessions page names a session by: the token's hash never leaves the server */
    id: serial("id").notNull().unique(),
    userId: integer("user_id").notNull(),
    createdAt: createdAt(),
    expiresAt: unixSeconds("expires_at").notNull(),
    /** the browser's user agent at sign-in, shown in words ("Chrome on Android"); null for older sessions */
    userAgent: text("user_agent"),
    /** the client address at sign-in */
    address: text("address"),
    /** the last request, written at most once a minute per session; null: none since sign-in */
    lastSeenAt: unixSeconds("last_seen_at"),
  },
  (table) => [index("sessions_user_idx").on(table.userId)],
);

/**
 * A customer's authenticator (TOTP). The secret is stored as the operators' is (base32); `enabledAt` is null
 * while it is set up and not yet confirmed by a code, when sign-in does not ask for it.
 */
export const customerTotp = pgTable("customer_totp", {
  userId: customer().primaryKey(),
  secret: text("secret").notNull(),
  enabledAt: unixSeconds("enabled_at"),
  /** the last time step accepted: a code is good once, at sign-in, a withdrawal or the switch-off alike */
  lastStep: bigint("last_step", { mode: "number" }),
});

/** One-use recovery codes of a customer's authenticator: only their SHA-256 is stored, shown once when made. */
export const customerRecoveryCodes = pgTable(
  "customer_recovery_codes",
  {
    id: serial("id").primaryKey(),
    userId: customer(),
    codeHash: text("code_hash").notNull(),
    usedAt: unixSeconds("used_at"),
  },
  (table) => [index("customer_recovery_codes_user_idx").on(table.userId)],
);

/**
 * Where a customer registered and logged in from: the client address and the device id the app keeps in its
 * own storage. Read only for the money desk's warnings (several accounts on one device or address).
 */
export const customerSignIns = pgTable(
  "customer_sign_ins",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: customer(),
    kind: text("kind", { enum: ["register", "login"] }).notNull(),
    ip: text("ip").notNull(),
    deviceId: text("device_id"),
    at: unixSeconds("at").notNull(),
  },
  (table) => [
    index("customer_sign_ins_user_idx").on(table.userId, table.id),
    index("customer_sign_ins_device_idx").on(table.deviceId),
    index("customer_sign_ins_ip_idx").on(table.ip),
  ],
);

/** Operators' notes on a customer: dated, with the writer's name; append-only (triggers refuse changes). */
export const customerNotes = pgTable(
  "customer_notes",
  {
    id: serial("id").primaryKey(),
    userId: customer(),
    operatorId: integer("operator_id").notNull(),
    operatorName: text("operator_name").notNull(),
    text: text("text").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("customer_notes_user_idx").on(table.userId, table.id)],
);

/** Risk labels an operator put on a customer, from the fixed set in contract/customers.ts. */
export const customerLabels = pgTable(
  "customer_labels",
  {
    userId: customer(),
    label: text("label").notNull(),
    addedBy: text("added_by").notNull(),
    addedAt: unixSeconds("added_at").notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.label] })],
);

/** The SMS outbox: the default SmsSender writes here; the operator reads it. */
export const smsCodes = pgTable(
  "sms_codes",
  {
    id: serial("id").primaryKey(),
    phone: text("phone").notNull(),
    code: text("code").notNull(),
    createdAt: createdAt(),
    expiresAt: unixSeconds("expires_at").notNull(),
    usedAt: unixSeconds("used_at"),
  },
  (table) => [index("sms_codes_phone_idx").on(table.phone, table.createdAt)],
);

/**
 * Password tries per user and scope ("login:<address>" for login from one address, "fund" for the fund
 * password): tries counts every attempt since the window opened at `since`, refused ones included.
 */
export const passwordGuards = pgTable(
  "password_guards",
  {
    userId: integer("user_id").notNull(),
    scope: text("scope").notNull(),
    tries: integer("tries").notNull(),
    since: unixSeconds("since").notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.scope] })],
);

/**
 * Wrong login passwords per account name (lower case, whether or not such an account exists) and address,
 * plus one row per name with address "*" counting every address together: keyed by the name, not the user,
 * so an unknown name is counted and locked exactly like a real one and the answers cannot tell them apart.
 */
export const loginGuards = pgTable(
  "login_guards",
  {
    account: text("account").notNull(),
    address: text("address").notNull(),
    tries: integer("tries").notNull(),
    since: unixSeconds("since").notNull(),
  },
  (table) => [primaryKey({ columns: [table.account, table.address] })],
);

/** Every balance change, in the same transaction as the change: balance = sum(delta) per account. */
export const ledger = pgTable(
  "ledger",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: customer(),
    account: text("account").notNull(),
    delta: amount("delta"),
    reason: text("reason").notNull(),
    reference: text("reference"),
    createdAt: unixSeconds("created_at")
      .notNull()
      .default(sql`extract(epoch from now())::bigint`),
  },
  (table) => [
    index("ledger_user_idx").on(table.userId),
    // an inviter's bonus is paid once per invitee, whichever moment the operator chose
    uniqueIndex("ledger_invite_bonus_once")
      .on(table.reference)
      .where(sql`${table.reason} = 'invite_bonus'`),
  ],
);

export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

/** Tradable instruments. Prices are integers scaled by 10^precision; rates are basis points (8500 = 85%). */
export const products = pgTable("products", {
  id: serial("id").primaryKey(),
  code: text("code").notNull().unique(),
  name: text("name").notNull(),
  nameTexts: translations("name_texts"),
  market: text("market", { enum: MARKETS }).notNull(),
  /** trading-hours calendar: fx24x5, cme_globex, us_equity, crypto247 */
  calendar: text("calendar").notNull(),
  precision: integer("precision").notNull(),
  basePrice: price("base_price"),
  /** annualised volatility in basis points (2800 = 28%) for the simulated feed */
  volatilityBps: integer("volatility_bps").notNull(),
  /** the operator can halt a product; it then shows as closed */
  tradingEnabled: boolean("trading_enabled").notNull().default(true),
  feeBps: integer("fee_bps").notNull().default(100),
  singleMin: cents("single_min"),
  singleMax: cents("single_max"),
  totalMax: cents("total_max"),
  sortOrder: integer("sort_order").notNull().default(0),
  /** an order never opens on a quote older than this: the customer would trade a price already gone */
  maxQuoteAgeSeconds: integer("max_quote_age_seconds").notNull().default(2),
  /**
   * How far (basis points of the price) the server's price at acceptance may be from the price the customer saw
   * before the order is refused as "price moved". 10 bps is several times what a simulated tick moves, so
   * the second or two a phone's quote lags behind does not refuse orders; a jump does.
   */
  requoteToleranceBps: integer("requote_tolerance_bps").notNull().default(10),
  /**
   * Where the product's prices come from: `simulated` (the random walk), or `binance:<symbol>` (the exchange's
   * public trade stream for that symbol, e.g. `binance:btcusdt`). Only the job leader connects to a source.
   */
  feedSource: text("feed_source").notNull().default("simulated"),
  /**
   * How long (seconds, 1 to 10: a check constraint of migration 0022) a real source's recent price is trusted
   * without a trade, as the reference of its outlier band (server/market/live-outliers.ts). Staleness itself is
   * a fixed rule, not this setting: no order opens once the last trade is older than about two seconds.
   */
  feedStaleSeconds: integer("feed_stale_seconds").notNull().default(10),
  /**
   * When `feed_source` last changed (Unix seconds; 0: never). Processes read products only every few seconds,
   * so the recorder may write the old source's prices for that long after a switch: no order opens on the
   * product until it has passed (`place_order`, server/db/ledger.ts).
   */
  feedChangedAt: unixSeconds("feed_changed_at").notNull().default(0),
});

export const secondsOptions = pgTable(
  "seconds_options",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id").notNull(),
    seconds: integer("seconds").notNull(),
    payoutBps: integer("payout_bps").notNull(),
    minAmount: cents("min_amount"),
    maxAmount: cents("max_amount"),
  },
  (table) => [
    uniqueIndex("seconds_options_product_seconds").on(table.productId, table.seconds),
    // a payout of the whole stake or more makes an up and a down order on one tick a riskless profit
    check("seconds_options_payout_below_one", sql`${table.payoutBps} < 10000`),
  ],
);

/** The recorded price feed: one row per product per second while its market is open. */
export const ticks = pgTable(
  "ticks",
  {
    productId: integer("product_id").notNull(),
    time: unixSeconds("time").notNull(),
    price: price("price"),
    /** no commitment covered this second when it was recorded (docs/fairness.md): no order settles on it */
    uncommitted: boolean("uncommitted").notNull().default(false),
    /** the product's hash chain after this tick (hex); null for ticks recorded before the chain existed */
    link: text("link"),
  },
  (table) => [primaryKey({ columns: [table.productId, table.time] })],
);

/**
 * A minute's published commitment to its seed and every simulated product's parameters (docs/fairness.md). It
 * covers the minute's seconds after `created_at`; a minute whose seed was lost gets a new one for the rest.
 */
export const fairCommitments = pgTable(
  "fair_commitments",
  {
    commitment: text("commitment").primaryKey(),
    minute: unixSeconds("minute").notNull(),
    /** the canonical parameter bytes (hex) the commitment hashes after the seed */
    params: text("params").notNull(),
    createdAt: createdAt(),
    /** the leader holding the seed stopped before revealing it: the ticks it covered are uncommitted */
    lost: boolean("lost").notNull().default(false),
  },
  (table) => [index("fair_commitments_minute").on(table.minute)],
);

/** A commitment's seed, written only once its minute and the grace are over. */
export const fairReveals = pgTable(
  "fair_reveals",
  {
    commitment: text("commitment").primaryKey(),
    minute: unixSeconds("minute").notNull(),
    seed: text("seed").notNull(),
    revealedAt: unixSeconds("revealed_at").notNull(),
  },
  (table) => [index("fair_reveals_minute").on(table.minute)],
);

/** Each product's chain value after its last tick of a minute: kept for ever, while ticks are pruned. */
export const fairHeads = pgTable(
  "fair_heads",
  {
    productId: integer("product_id").notNull(),
    minute: unixSeconds("minute").notNull(),
    head: text("head").notNull(),
    /** the second of the tick the head follows */
    lastTime: unixSeconds("last_time").notNull(),
  },
  (table) => [primaryKey({ columns: [table.productId, table.minute] })],
);

export const candles = pgTable(
  "candles",
  {
    productId: integer("product_id").notNull(),
    period: text("period").notNull(),
    time: unixSeconds("time").notNull(),
    open: price("open"),
    high: price("high"),
    low: price("low"),
    close: price("close"),
  },
  (table) => [primaryKey({ columns: [table.productId, table.period, table.time] })],
);

/** Timed up/down orders. The open and close ticks are stored with the order and shown to the user. */
export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    userId: customer(),
    productId: integer("product_id").notNull(),
    requestId: text("request_id").notNull(),
    direction: text("direction", { enum: DIRECTIONS }).notNull(),
    amount: amount("amount"),
    fee: amount("fee"),
    seconds: integer("seconds").notNull(),
    payoutBps: integer("payout_bps").notNull(),
    openPrice: price("open_price"),
    openTickTime: unixSeconds("open_tick_time").notNull(),
    openTime: unixSeconds("open_time").notNull(),
    expiresAt: unixSeconds("expires_at").notNull(),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("holding"),
    /** why a `void` order was voided (and refunded); null otherwise */
    voidReason: text("void_reason", { enum: VOID_REASONS }),
    closePrice: bigint("close_price", { mode: "number" }),
    closeTickTime: unixSeconds("close_tick_time"),
    closeTime: unixSeconds("close_time"),
    result: text("result", { enum: ORDER_RESULTS }),
    payout: bigint("payout", { mode: "number" }),
    /** whose money the order stakes: `real` (cash) or `practice` (the practice balance) */
    account: text("account", { enum: ORDER_ACCOUNTS }).notNull().default("real"),
  },
  (table) => [
    uniqueIndex("orders_user_request").on(table.userId, table.requestId),
    index("orders_status_expiry").on(table.status, table.expiresAt),
    index("orders_user_status").on(table.userId, table.status, table.id),
    // the dashboard's days and top winners, and the large-win alerts: settled orders by when they settled
    index("orders_closed_at")
      .on(table.closeTime)
      .where(sql`${table.status} = 'closed'`),
  ],
);

/** Bound withdrawal destinations: bank cards and payment channels. A number can be bound only once. */
export const bankCards = pgTable(
  "bank_cards",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").notNull(),
    type: text("type", { enum: CARD_TYPES }).notNull(),
    bankName: text("bank_name").notNull(),
    branch: text("branch").notNull().default(""),
    number: text("number").notNull(),
    holder: text("holder").notNull().default(""),
    createdAt: createdAt(),
  },
  // a card number is unique per user only: one user binding it must not stop its owner from binding it
  (table) => [uniqueIndex("bank_cards_user_number").on(table.userId, table.number), index("bank_cards_user").on(table.userId)],
);

export const uploads = pgTable(
  "uploads",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").notNull(),
    name: text("name").notNull().unique(),
    mime: text("mime").notNull(),
    size: integer("size").notNull(),
    /** SHA-256 of the bytes (hex): the same picture uploaded again backs no second recharge; null before 0025 */
    sha256: text("sha256"),
    createdAt: createdAt(),
  },
  // the money desk looks up every other upload of a recharge's picture
  (table) => [index("uploads_sha256_idx").on(table.sha256)],
);

/** Where customers send deposits; set by the operator. */
export const depositChannels = pgTable("deposit_channels", {
  id: serial("id").primaryKey(),
  type: text("type", { enum: CARD_TYPES }).notNull(),
  name: text("name").notNull(),
  nameTexts: translations("name_texts"),
  account: text("account").notNull(),
  qr: text("qr"),
  note: text("note").notNull().default(""),
  noteTexts: translations("note_texts"),
  enabled: boolean("enabled").notNull().default(true),
});

export const recharges = pgTable(
  "recharges",
  {
    id: serial("id").primaryKey(),
    userId: customer(),
    channelId: integer("channel_id").notNull(),
    amount: amount("amount"),
    screenshot: text("screenshot").notNull(),
    /** the upload behind the screenshot: one upload backs one recharge only */
    uploadId: integer("upload_id"),
    /** the screenshot's SHA-256 (from its upload): the same bytes back one recharge of anyone's; null before 0025 */
    screenshotSha256: text("screenshot_sha256"),
    ...review(),
  },
  (table) => [
    index("recharges_user").on(table.userId, table.id),
    index("recharges_status").on(table.status),
    // the dashboard's deposits per day
    index("recharges_credited_at")
      .on(table.reviewedAt)
      .where(sql`${table.status} = 'success'`),
    uniqueIndex("recharges_upload").on(table.uploadId),
    uniqueIndex("recharges_screenshot_sha256").on(table.screenshotSha256),
  ],
);

export const withdrawals = pgTable(
  "withdrawals",
  {
    id: serial("id").primaryKey(),
    userId: customer(),
    cardId: integer("card_id").notNull(),
    amount: amount("amount"),
    fee: amount("fee"),
    actual: amount("actual"),
    ...review(),
    /**
     * Where the money goes, copied from the card when the customer asks: removing the card later must not make
     * the platform forget where it paid. Null only for a withdrawal whose card was gone before the copy existed.
     */
    payoutType: text("payout_type", { enum: CARD_TYPES }),
    payoutBank: text("payout_bank"),
    payoutBranch: text("payout_branch"),
    payoutHolder: text("payout_holder"),
    payoutNumber: text("payout_number"),
    /**
     * After approval the payment still has to reach the bank: `awaiting` until finance marks it `paid` (with
     * the bank's reference) or `failed` (with the reason; the amount went back to cash). Null while in review or
     * after a rejection.
     */
    payoutState: text("payout_state", { enum: PAYOUT_STATES }),
    payoutReference: text("payout_reference"),
    payoutFailure: text("payout_failure"),
    payoutMarkedAt: unixSeconds("payout_marked_at"),
    /** "operator:<id>", or "migration" for those approved before payouts were marked (counted as paid) */
    payoutMarkedBy: text("payout_marked_by"),
  },
  (table) => [
    index("withdrawals_user").on(table.userId, table.createdAt),
    index("withdrawals_status").on(table.status),
    index("withdrawals_payout_state").on(table.payoutState),
    // one bank reference is one payment: recording it twice on a channel would hide a payment never made
    uniqueIndex("withdrawals_payout_reference")
      .on(sql`coalesce(${table.payoutType}, '')`, table.payoutReference)
      .where(sql`${table.payoutReference} is not null`),
    // the dashboard's withdrawals per day
    index("withdrawals_approved_at")
      .on(table.reviewedAt)
      .where(sql`${table.status} = 'success'`),
  ],
);

export const exchanges = pgTable(
  "exchanges",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").notNull(),
    fromAccount: text("from_account").notNull(),
    cashAmount: amount("cash_amount"),
    coinAmount: amount("coin_amount"),
    /** cash per coin × 10^4 at the time of the exchange; bigint, as a rate set before the bound could pass int4 */
    rate: bigint("rate", { mode: "number" }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("exchanges_user").on(table.userId, table.id)],
);

/** Yuebao (balance-bonus) plans: simple daily interest for a fixed number of days. */
export const financePlans = pgTable("finance_plans", {
  id: serial("id").primaryKey(),
  title: text("title").notNull(),
  titleTexts: translations("title_texts"),
  /** daily rate in millionths: 1200 = 0.12% a day */
  dailyRatePpm: integer("daily_rate_ppm").notNull(),
  days: integer("days").notNull(),
  minAmount: cents("min_amount"),
  enabled: boolean("enabled").notNull().default(true),
});

export const subscriptions = pgTable(
  "subscriptions",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").notNull(),
    planId: integer("plan_id").notNull(),
    /** the principal that earns in the day now in progress */
    principal: amount("principal"),
    /**
     * appended during the day now in progress (day accruedDays + 1): it earns from the next day on, and is
     * folded into the principal when the accrual credits the day in progress
     */
    pendingPrincipal: cents("pending_principal"),
    dailyRatePpm: integer("daily_rate_ppm").notNull(),
    days: integer("days").notNull(),
    /** earning, settled or to_be_added (reserved below the minimum: earns nothing) */
    status: text("status").notNull(),
    startTime: unixSeconds("start_time"),
    endTime: unixSeconds("end_time"),
    profit: cents("profit"),
    /** whole days of interest already credited in this term */
    accruedDays: integer("accrued_days").notNull().default(0),
    renew: boolean("renew").notNull().default(false),
    createdAt: createdAt(),
    settledAt: unixSeconds("settled_at"),
  },
  (table) => [index("subscriptions_user").on(table.userId, table.status), index("subscriptions_status").on(table.status)],
);

/** Real-name verification requests; an ID number can belong to one account only. */
export const verifications = pgTable(
  "verifications",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").notNull(),
    name: text("name").notNull(),
    idNumber: text("id_number").notNull(),
    status: text("status").notNull().default("review"),
    reason: text("reason"),
    createdAt: createdAt(),
    reviewedAt: unixSeconds("reviewed_at"),
  },
  (table) => [index("verifications_user").on(table.userId), index("verifications_id_number").on(table.idNumber)],
);

/** Messages to one user, or to everyone when userId is null; reads are kept per user. */
export const messages = pgTable(
  "messages",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id"),
    type: text("type").notNull().default("system"),
    title: text("title").notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  // the unread count on every user-info answer reads a user's messages and the broadcasts (user_id null), two
  // ranges of this index, not every user's messages
  (table) => [index("messages_user").on(table.userId)],
);

export const messageReads = pgTable(
  "message_reads",
  {
    messageId: integer("message_id").notNull(),
    userId: integer("user_id").notNull(),
    readAt: unixSeconds("read_at").notNull(),
  },
  (table) => [primaryKey({ columns: [table.messageId, table.userId] })],
);

/**
 * Published content: banners, notices, news, company pages and activities, one row per language of an item
 * (same `item` key); readers get their language or English.
 */
export const contents = pgTable(
  "contents",
  {
    id: serial("id").primaryKey(),
    item: text("item").notNull(),
    kind: text("kind", { enum: CONTENT_KINDS }).notNull(),
    lang: text("lang").notNull(),
    title: text("title").notNull(),
    summary: text("summary").notNull().default(""),
    /** rich text (HTML), sanitised by the client before it is shown */
    body: text("body").notNull().default(""),
    createdAt: createdAt(),
    /** readers see published rows only; the operator drafts and unpublishes in the console */
    published: boolean("published").notNull().default(true),
    /** the operator's last edit (created_at stays the item's date as readers see it) */
    updatedAt: unixSeconds("updated_at"),
  },
  (table) => [uniqueIndex("contents_item_lang").on(table.item, table.lang), index("contents_kind").on(table.kind)],
);

export const signins = pgTable(
  "signins",
  {
    userId: integer("user_id").notNull(),
    day: text("day").notNull(),
    bonus: amount("bonus"),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day] })],
);

/**
 * One row per (user, action, requestId) that took effect: written in the same transaction as the effect, so
 * a row exists exactly when the action was done. A retry finds it and gets the stored answer; the fingerprint
 * (a hash of the request's other fields) tells a retry from a reuse of the key for something else.
 */
export const requestClaims = pgTable(
  "request_claims",
  {
    userId: integer("user_id").notNull(),
    action: text("action").notNull(),
    requestId: text("request_id").notNull(),
    fingerprint: text("fingerprint").notNull(),
    /** the success answer as JSON text ({ data, message }); null only inside the claiming transaction */
    answer: text("answer"),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.action, table.requestId] })],
);

/**
 * Named back-office accounts. The password uses the customers' scrypt hashing; the TOTP secret (base32) is
 * the second factor, required at login of every role. Wrong tries are counted in
 * operator_sign_in_failures, per client address and per operator.
 */
export const operators = pgTable(
  "operators",
  {
    id: serial("id").primaryKey(),
    username: text("username").notNull(),
    passwordHash: text("password_hash").notNull(),
    /** admin, finance, support or content */
    role: text("role").notNull(),
    totpSecret: text("totp_secret").notNull(),
    /** the last TOTP time step accepted: a code is good for one login only */
    lastTotpStep: bigint("last_totp_step", { mode: "number" }),
    createdAt: createdAt(),
    /** set by an admin: no sign-in, and every session ended, until enabled again */
    disabledAt: unixSeconds("disabled_at"),
    /** after a reset by an admin: the next sign-in must set a new password before anything else */
    mustChangePassword: boolean("must_change_password").notNull().default(false),
    /** no authenticator yet (or reset by an admin): the next sign-in enrols one before anything else */
    mustEnrolTotp: boolean("must_enrol_totp").notNull().default(false),
  },
  (table) => [uniqueIndex("operators_username_lower_unique").on(sql`lower(${table.username})`)],
);

/** The operator a row belongs to: a foreign key, so no such row outlives or predates its operator. */
const operator = () =>
  integer("operator_id")
    .notNull()
    .references(() => operators.id);

/**
 * A change one operator proposes and a different one decides (the two-person rule): who proposed and who
 * decided, by id and by their name as it was then, and when. Undecided, the three decision columns are null.
 */
const proposedAndDecided = () => ({
  proposedBy: integer("proposed_by").notNull(),
  proposedByName: text("proposed_by_name").notNull(),
  proposedAt: unixSeconds("proposed_at").notNull(),
  decidedBy: integer("decided_by"),
  decidedByName: text("decided_by_name"),
  decidedAt: unixSeconds("decided_at"),
});

/** The hashes of an operator's recent passwords, so a new one cannot be one of the last few. */
export const operatorPasswordHistory = pgTable(
  "operator_password_history",
  {
    id: serial("id").primaryKey(),
    operatorId: operator(),
    passwordHash: text("password_hash").notNull(),
    setAt: unixSeconds("set_at").notNull(),
  },
  (table) => [index("operator_password_history_operator_idx").on(table.operatorId, table.id)],
);

/** The customer accounts an operator holds themselves: they may not review those accounts' requests. */
export const operatorCustomers = pgTable(
  "operator_customers",
  {
    operatorId: operator(),
    userId: customer(),
    linkedAt: unixSeconds("linked_at").notNull(),
  },
  (table) => [primaryKey({ columns: [table.operatorId, table.userId] }), index("operator_customers_user_idx").on(table.userId)],
);

/**
 * Wrong operator sign-ins, counted in a window per (operator, client address) and per operator over every
 * address (address "*"). A lock refuses new sign-ins of that pair (or, past the far higher all-address
 * ceiling, of that operator) until locked_until; it never ends a session already open.
 */
export const operatorSignInFailures = pgTable(
  "operator_sign_in_failures",
  {
    operatorId: integer("operator_id").notNull(),
    address: text("address").notNull(),
    tries: integer("tries").notNull().default(0),
    windowStart: unixSeconds("window_start").notNull(),
    lockedUntil: unixSeconds("locked_until"),
  },
  (table) => [primaryKey({ columns: [table.operatorId, table.address] })],
);

/** Console sessions (a cookie holds the token; only its hash is stored): a hard end and an idle end. */
export const operatorSessions = pgTable(
  "operator_sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    operatorId: integer("operator_id").notNull(),
    createdAt: createdAt(),
    lastSeenAt: unixSeconds("last_seen_at").notNull(),
    expiresAt: unixSeconds("expires_at").notNull(),
    /** the address the session signed in from, shown when an admin lists an operator's sessions */
    address: text("address").notNull().default(""),
  },
  (table) => [index("operator_sessions_operator_idx").on(table.operatorId)],
);

/**
 * Who did what in the back office: one row per operator write, in the same transaction as the change. Rows
 * are only ever inserted (a trigger refuses update and delete).
 */
export const opsAudit = pgTable(
  "ops_audit",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** null for the machine token */
    operatorId: integer("operator_id"),
    /** the operator's username, or "token" */
    actor: text("actor").notNull(),
    at: unixSeconds("at").notNull(),
    /** the endpoint: "POST /api/ops/recharge/review" */
    action: text("action").notNull(),
    /** what was changed: "recharge:12", "user:demo", "settings:money" */
    target: text("target").notNull().default(""),
    /** JSON of the request's fields (secrets left out) */
    input: text("input").notNull().default("{}"),
    before: text("before"),
    after: text("after"),
    ip: text("ip").notNull().default(""),
    /**
     * The row's place in the hash chain and the chain itself, both set by the database's insert trigger under
     * one lock (migration 0031): `hash` covers the row and `prevHash`, the hash of the row before it, so a
     * removed or altered row breaks the chain where it was (reconcile report).
     */
    // placeholders only: the trigger replaces whatever an insert carries
    chainSeq: bigint("chain_seq", { mode: "number" })
      .notNull()
      .$defaultFn(() => 0),
    prevHash: text("prev_hash")
      .notNull()
      .$defaultFn(() => ""),
    hash: text("hash")
      .notNull()
      .$defaultFn(() => ""),
  },
  (table) => [
    index("ops_audit_at_idx").on(table.at),
    index("ops_audit_action_idx").on(table.action, table.at),
    uniqueIndex("ops_audit_chain_seq").on(table.chainSeq),
  ],
);

/**
 * A change that loosens a money control, waiting for a second admin: it applies only when a different person
 * approves it (money/pending-rules.ts). Tightening changes apply at once and never come here.
 */
export const moneyRuleChanges = pgTable(
  "money_rule_changes",
  {
    id: serial("id").primaryKey(),
    /** the stored-settings fields to change, JSON ({ dualApprovalAbove: 0 }) */
    change: text("change").notNull(),
    status: text("status", { enum: ["pending", "applied", "rejected"] })
      .notNull()
      .default("pending"),
    ...proposedAndDecided(),
  },
  (table) => [index("money_rule_changes_status").on(table.status, table.id)],
);

/**
 * A manual credit or debit of a customer's cash, proposed by one operator and applied or rejected by another
 * (finance or admin). Applying writes one `adjustment` ledger row in the same transaction as the status
 * change. A correction names what it corrects: a recharge (by id) or a ledger row (by id), and all applied
 * corrections of one record together stay within its amount.
 */
export const adjustments = pgTable(
  "adjustments",
  {
    id: serial("id").primaryKey(),
    userId: customer(),
    direction: text("direction", { enum: ADJUSTMENT_DIRECTIONS }).notNull(),
    /** cents, more than zero; the direction gives the sign */
    amount: amount("amount"),
    reason: text("reason").notNull(),
    correctsRecharge: integer("corrects_recharge").references(() => recharges.id),
    correctsLedger: bigint("corrects_ledger", { mode: "number" }).references(() => ledger.id),
    status: text("status", { enum: ADJUSTMENT_STATUSES }).notNull().default("pending"),
    ...proposedAndDecided(),
    /** a rejection's reason, for the proposer */
    decisionNote: text("decision_note"),
  },
  (table) => [
    index("adjustments_status").on(table.status, table.id),
    index("adjustments_user").on(table.userId),
    check("adjustments_amount_positive", sql`${table.amount} > 0`),
    check("adjustments_corrects_one", sql`${table.correctsRecharge} is null or ${table.correctsLedger} is null`),
  ],
);

/**
 * A proposal to switch off a customer's two-step sign-in (a lost phone, no recovery code left), made by one
 * support or admin operator with a reason and applied by a different one: applying removes the authenticator
 * and its recovery codes and ends every session. At most one proposal per customer waits at a time.
 */
export const twoStepResets = pgTable(
  "two_step_resets",
  {
    id: serial("id").primaryKey(),
    userId: customer(),
    reason: text("reason").notNull(),
    status: text("status", { enum: TWO_STEP_RESET_STATUSES }).notNull().default("pending"),
    ...proposedAndDecided(),
  },
  (table) => [
    uniqueIndex("two_step_resets_one_pending")
      .on(table.userId)
      .where(sql`${table.status} = 'pending'`),
  ],
);

/**
 * Per-route rate-limit counts shared by every process on one PostgreSQL (one row per route and client
 * address): a limit of 5 a minute is 5 across all processes, not 5 on each. Windows are in milliseconds.
 */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: bigint("window_start", { mode: "number" }).notNull(),
  /** hits granted in the window: never more than the limit, less what a stopping process handed back */
  hits: integer("hits").notNull(),
  /** how many of the last addition's hits were granted (the rest would have passed the limit) */
  lastGrant: integer("last_grant").notNull().default(0),
});

/** Products a customer starred: shown first on Home, as a "Favourites" tab. One row per user and product. */
export const favourites = pgTable(
  "favourites",
  {
    userId: integer("user_id").notNull(),
    productId: integer("product_id").notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.productId] })],
);

/**
 * The update stream's outbox: a row for every change a customer (user_id) or the console (user_id null,
 * audience "ops") should see without asking, written in the change's own transaction, so an event exists exactly
 * when its change committed. Kept a day for streams that resume from Last-Event-ID.
 */
export const events = pgTable(
  "events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: integer("user_id"),
    audience: text("audience", { enum: ["user", "ops"] }).notNull(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index("events_user_id").on(table.userId, table.id),
    index("events_audience_id").on(table.audience, table.id),
    index("events_created").on(table.createdAt),
  ],
);

/**
 * One-use tickets that open a stream (EventSource cannot send the token header): the SHA-256 of the ticket,
 * whose it is, and until when. Any process may redeem one another process issued.
 */
export const streamTickets = pgTable("stream_tickets", {
  ticketHash: text("ticket_hash").primaryKey(),
  userId: integer("user_id"),
  operatorId: integer("operator_id"),
  expiresAt: unixSeconds("expires_at").notNull(),
});

/**
 * The limits a customer sets on their own trading, at most one row per user; a missing row or a null column is
 * no limit. Money in cents, spans of time in minutes, instants in Unix seconds. `place_order` checks them under
 * the user's row lock (server/modules/self-limits/ explains each). A loosening waits a day in `pending`.
 */
export const userLimits = pgTable("user_limits", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id),
  balanceMax: centsLimit("balance_max"),
  turnoverMaxDay: centsLimit("turnover_max_day"),
  turnoverMax7Days: centsLimit("turnover_max_7_days"),
  turnoverMax30Days: centsLimit("turnover_max_30_days"),
  lossesMaxDay: centsLimit("losses_max_day"),
  lossesMax7Days: centsLimit("losses_max_7_days"),
  lossesMax30Days: centsLimit("losses_max_30_days"),
  depositMaxDay: centsLimit("deposit_max_day"),
  depositMax7Days: centsLimit("deposit_max_7_days"),
  depositMax30Days: centsLimit("deposit_max_30_days"),
  openPositionsMax: integer("open_positions_max"),
  sessionLimitMinutes: integer("session_limit_minutes"),
  timeoutUntil: unixSeconds("timeout_until"),
  excludedUntil: unixSeconds("excluded_until"),
  realityCheckMinutes: integer("reality_check_minutes"),
  /**
   * Loosenings not yet in force, by column name: {"turnover_max_day": {"value": 5000 | null, "at": unix s}}.
   * The SQL function `apply_due_limit_changes` (migration 0037) moves each into its column once its time has come.
   */
  pending: jsonb("pending").$type<Record<string, { value: number | null; at: number }>>().notNull().default({}),
});

/**
 * What the desk must look at now: a large win, a stale feed, a review waiting too long. Raised by the job leader
 * once per cause (`causeKey` is unique), acknowledged once by a named operator. `topic` is the console-stream
 * topic whose roles see it (contract/stream.ts).
 */
export const opsAlerts = pgTable(
  "ops_alerts",
  {
    id: serial("id").primaryKey(),
    kind: text("kind", { enum: ALERT_KINDS }).notNull(),
    causeKey: text("cause_key").notNull(),
    topic: text("topic").notNull(),
    /** what it is about: "order:12", "product:3", "recharge:7" */
    subject: text("subject").notNull(),
    details: jsonb("details").notNull(),
    raisedAt: unixSeconds("raised_at").notNull(),
    acknowledgedBy: integer("acknowledged_by").references(() => operators.id),
    acknowledgedAt: unixSeconds("acknowledged_at"),
  },
  (table) => [
    uniqueIndex("ops_alerts_cause").on(table.causeKey),
    index("ops_alerts_open")
      .on(table.raisedAt)
      .where(sql`${table.acknowledgedAt} is null`),
  ],
);

/**
 * A device's Web Push subscription: what the browser's push service gave it (endpoint, its keys) and whose it is.
 * One row per endpoint: a device subscribing again replaces its keys, another customer signing in on the same
 * browser takes it over. `language` is what the device showed when it subscribed; the texts themselves follow the
 * user's stored language. A push service that answers 404 or 410 for the endpoint removes the row.
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    endpoint: text("endpoint").notNull().unique(),
    /** the browser's P-256 public key (base64url, 65 bytes uncompressed) */
    p256dh: text("p256dh").notNull(),
    /** the browser's auth secret (base64url, 16 bytes) */
    auth: text("auth").notNull(),
    userAgent: text("user_agent"),
    language: text("language").notNull(),
    createdAt: createdAt(),
    /** the last time the push service accepted a message for it; null until the first */
    lastOkAt: unixSeconds("last_ok_at"),
  },
  (table) => [index("push_subscriptions_user").on(table.userId)],
);

/**
 * One notification for one subscription, made by the job leader from an `events` row. The unique key makes a
 * notification once per subscription and cause (an order's result, an event), however often the outbox is read.
 * A failed send waits `nextAt` and is tried again up to a bound; the row goes with its subscription.
 */
export const pushDeliveries = pgTable(
  "push_deliveries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    subscriptionId: integer("subscription_id")
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: "cascade" }),
    eventId: bigint("event_id", { mode: "number" }).notNull(),
    /** what the notification is about: "order:12" (its result or void), "event:345" otherwise */
    cause: text("cause").notNull(),
    state: text("state", { enum: ["pending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAt: unixSeconds("next_at").notNull(),
    /** the push service's last refusal, for the operator reading the table */
    lastError: text("last_error"),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("push_deliveries_once").on(table.subscriptionId, table.cause),
    index("push_deliveries_due")
      .on(table.nextAt)
      .where(sql`${table.state} = 'pending'`),
  ],
);

/**
 * The support chat's threads: one per customer, made with its first line. Who has it (an operator, or nobody),
 * whether it waits for support, the last line shown in the inbox (never a note), and the unread counts of
 * each side: the customer's up to their read mark, support's since the last reply.
 */
export const supportThreads = pgTable(
  "support_threads",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id),
    assigneeId: integer("assignee_id").references(() => operators.id),
    status: text("status", { enum: SUPPORT_THREAD_STATUSES }).notNull().default("waiting"),
    lastLineId: integer("last_line_id"),
    lastAt: unixSeconds("last_at").notNull(),
    customerUnread: integer("customer_unread").notNull().default(0),
    operatorUnread: integer("operator_unread").notNull().default(0),
    /** the newest line the customer has read */
    customerReadUpTo: integer("customer_read_up_to").notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [index("support_threads_last").on(table.lastAt, table.userId), index("support_threads_assignee").on(table.assigneeId)],
);

/**
 * The chat's lines: the customer's or an operator's (with the name shown), text and/or an uploaded picture, a
 * link to one of the customer's records, and the internal flag of an operator's note, which the customer's
 * reads never select. A customer's line is unique per requestId, beside the request claim that answers a retry.
 */
export const supportLines = pgTable(
  "support_lines",
  {
    id: serial("id").primaryKey(),
    userId: customer(),
    author: text("author", { enum: ["customer", "operator"] }).notNull(),
    operatorId: integer("operator_id").references(() => operators.id),
    operatorName: text("operator_name"),
    text: text("text"),
    uploadId: integer("upload_id").references(() => uploads.id),
    internal: boolean("internal").notNull().default(false),
    recordKind: text("record_kind", { enum: SUPPORT_RECORD_KINDS }),
    recordId: integer("record_id"),
    requestId: text("request_id"),
    createdAt: createdAt(),
  },
  (table) => [
    index("support_lines_user").on(table.userId, table.id),
    uniqueIndex("support_lines_request").on(table.userId, table.requestId),
    index("support_lines_upload").on(table.uploadId),
    check("support_lines_says_something", sql`${table.text} is not null or ${table.uploadId} is not null or ${table.recordId} is not null`),
    check("support_lines_note_by_operator", sql`not ${table.internal} or ${table.author} = 'operator'`),
  ],
);

/** Ready answers an operator picks in the customer's language; admin edits them. Seeded in the ten languages. */
export const supportCanned = pgTable(
  "support_canned",
  {
    id: serial("id").primaryKey(),
    language: text("language").notNull(),
    title: text("title").notNull(),
    text: text("text").notNull(),
    updatedAt: unixSeconds("updated_at").notNull(),
  },
  (table) => [index("support_canned_language").on(table.language, table.id)],
);
