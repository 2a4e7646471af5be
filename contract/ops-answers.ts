import type { ContentKind } from "./content";
import type { CustomerFlags, CustomerLabel, CustomerNote, CustomerSignIn, FraudSignal } from "./customers";
import type { AuditChange } from "./lists";
import type { Market, MarketStatus } from "./markets";
import type { OpsRole, SignInStep } from "./operators";
import type { LocalTexts } from "./ops-money-answers";
import type { OrderAccount } from "./trading";

/**
 * What the operator endpoints answer about operators, customers, products and content. With
 * `ops-money-answers.ts` these are the shapes `contract/ops-paths.ts` gives each operator path.
 */

export interface OperatorSelf {
  /** null for the machine token */
  id: number | null;
  username: string;
  role: OpsRole;
  /** a step the operator must take before anything else (set by an admin's reset, or no authenticator yet) */
  pending: SignInStep | null;
}

export interface OperatorAccount {
  id: number;
  username: string;
  role: string;
  /** sign-in closed to every address (too many wrong tries from all of them) */
  locked: boolean;
  createdAt: number;
  /** disabled by an admin: no sign-in, no session */
  disabled: boolean;
  mustChangePassword: boolean;
  mustEnrolTotp: boolean;
  /** console sessions open now */
  sessions: number;
  /** the customer accounts this operator holds (they may not review them) */
  customers: string[];
}

/** One console session of an operator; `ref` names it for ending it (never the token). */
export interface OperatorSessionRow {
  ref: string;
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
  address: string;
}

/** A password reset: the temporary password, shown this once; the operator sets their own at next sign-in. */
export interface OperatorPasswordReset {
  username: string;
  password: string;
}

/** A new operator, with its password and authenticator URI shown this once. */
export interface CreatedOperator {
  id: number;
  username: string;
  role: OpsRole;
  password: string;
  otpauth: string;
}

export interface AuditRow {
  id: number;
  operatorId: number | null;
  actor: string;
  at: number;
  action: string;
  target: string;
  input: unknown;
  before: unknown;
  after: unknown;
  /** what the change did, field by field, amounts in U (contract/audit-changes.ts) */
  changes: AuditChange[];
  ip: string;
}

export interface ProcessStatus {
  pid: number;
  database: "pglite" | "postgres";
  leader: boolean;
}

interface PendingQueue {
  count: number;
  oldestAgeSeconds: number | null;
}
interface DayTotal {
  count: number;
  total: string;
}

export interface Dashboard {
  /** the review queues, and the manual adjustments waiting for a second person */
  pending: { recharges: PendingQueue; withdrawals: PendingQueue; verifications: PendingQueue; adjustments: PendingQueue };
  today: {
    since: number;
    deposits: DayTotal;
    /** `total` is what left the platform (after the fee); `fee` the fees kept */
    withdrawals: DayTotal & { fee: string };
    orders: DayTotal;
    newUsers: number;
    ledgerRows: number;
  };
}

/** The orders of one product that settle on one tick, and the most one settle price can make them cost. */
export interface ExpiryExposure {
  expiresAt: number;
  orders: number;
  stakes: string;
  worstCasePayout: string;
  /** worst-case payout minus the stakes held: a loss when positive, what the platform keeps when negative */
  worstCaseNet: string;
  /** a settle price that gives the worst case (product precision) */
  worstSettlePrice: string | null;
}

export interface ProductExposure {
  productId: number;
  code: string;
  orders: number;
  stakeUp: string;
  stakeDown: string;
  /** the sum of every expiry's worst case: each settles on its own tick */
  worstCasePayout: string;
  worstCaseNet: string;
  expiries: ExpiryExposure[];
}

export interface FeedHealth {
  productId: number;
  code: string;
  status: MarketStatus;
  lastTick: number | null;
  ageSeconds: number | null;
}

export interface Risk {
  exposure: ProductExposure[];
  feed: FeedHealth[];
  process: ProcessStatus;
  at: number;
}

export interface ProductSettings {
  id: number;
  code: string;
  name: string;
  nameTexts: LocalTexts;
  market: Market;
  tradingEnabled: boolean;
  feedSource: string;
  feedStaleSeconds: number;
  stale: boolean;
  requoteToleranceBps: number;
  maxQuoteAgeSeconds: number;
  feeRate: string;
  singleMin: string;
  singleMax: string;
  totalMax: string;
  /** "seconds:payoutRate:min:max" */
  options: string[];
}

export interface CustomerFound {
  id: number;
  account: string;
  phone: string;
  inviteCode: string;
  verified: boolean;
  locked: boolean;
  cash: string;
  createdAt: number;
}

export interface CustomerAccount {
  id: number;
  account: string;
  phone: string;
  inviteCode: string;
  inviterId: number | null;
  locked: boolean;
  verified: boolean;
  vipLevel: number;
  cash: string;
  coin: string;
  frozen: string;
  yuebao: string;
  createdAt: number;
}

interface RequestRow {
  id: number;
  amount: string;
  status: "success" | "review" | "failed";
  time: number;
}

export interface CustomerDetail {
  /** what the desk's actions change: lock, freeze, a password to change */
  flags: CustomerFlags;
  /** where the account was registered from (null before these were recorded), and the latest logins */
  registration: CustomerSignIn | null;
  signIns: CustomerSignIn[];
  /** every order of the customer: how many, what was staked, what came back, and the customer's profit (+) or loss (-) */
  trading: { orders: number; staked: string; paidOut: string; profit: string };
  notes: CustomerNote[];
  labels: CustomerLabel[];
  signals: FraudSignal[];
  user: {
    id: number;
    account: string;
    phone: string;
    name: string | null;
    inviteCode: string;
    inviterId: number | null;
    verified: boolean;
    locked: boolean;
    vipLevel: number;
    language: string;
    createdAt: number;
  };
  balances: { cash: string; coin: string; frozen: string; yuebao: string };
  /** newest first, each with the account's balance after the row */
  ledger: Array<{ id: number; account: string; delta: string; balance: string; reason: string; reference: string | null; time: number }>;
  orders: Array<{
    id: number;
    /** practice orders stake play money: the desk marks them, so a practice stake is never read as real money */
    account: OrderAccount;
    productId: number;
    direction: "up" | "down";
    amount: string;
    seconds: number;
    status: "void" | "closed" | "holding";
    result: "win" | "loss" | "tie" | null;
    payout: string | null;
    openTime: number;
  }>;
  cards: Array<{ id: number; type: "bank" | "alipay" | "wechat" | "crypto"; bank: string; branch: string; number: string; holder: string }>;
  recharges: RequestRow[];
  withdrawals: RequestRow[];
  /** the ID number in full for support and admin, who check it; masked for the other roles */
  verifications: Array<{ id: number; name: string; idNumber: string; status: string }>;
}

export interface SmsOutboxRow {
  id: number;
  phone: string;
  code: string;
  time: number;
  expiresAt: number;
  used: number | null;
}

export interface VerificationForReview {
  id: number;
  userId: number;
  account: string;
  name: string;
  idNumber: string;
  /** review, passed or refused */
  status: string;
  reason: string | null;
  time: number;
  reviewedAt: number | null;
  /** warnings for the reviewer (shared devices or addresses); never a refusal */
  signals: FraudSignal[];
}

export interface ContentItemPage {
  page: number;
  pageSize: number;
  total: number;
  items: Array<{
    item: string;
    /** "" only for an item without a row in any language, which the list never holds */
    kind: ContentKind | "";
    title: string;
    time: number;
    updatedAt: number;
    languages: Array<{ lang: string; published: boolean }>;
  }>;
}

export interface ContentLanguage {
  lang: string;
  title: string;
  summary: string;
  body: string;
  published: boolean;
  updatedAt: number;
}

export interface ContentItemForOps {
  item: string;
  kind: ContentKind;
  time: number;
  languages: ContentLanguage[];
}
