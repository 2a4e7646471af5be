import type { CardType } from "./cards";
import type { FraudSignal } from "./customers";
import type { InviteBonusPolicy } from "./invites";
import type { LanguageCode } from "./languages";
import type { ReviewStatus } from "./review";
import type { PayoutState } from "./withdrawal";

/**
 * What the operator endpoints about money answer (amounts as the API's decimal strings): the review queues,
 * deposit channels, money rules, reconciliation and yuebao plans. `contract/ops-paths.ts` gives each path its
 * answer, so the console, the CLI and the server's handlers agree on one shape.
 */

/** Texts an operator wrote per language; a language without its own shows the English. */
export type LocalTexts = Partial<Record<LanguageCode, string>>;

/** Who approved first, when a request needs two people (the two-person rule). */
interface TwoPersonState {
  /** above the two-person amount by itself, or with the customer's approved total of the day */
  needsTwoApprovals: boolean;
  /** "operator:<id>" of the first approver; the console hides the second approval from them */
  firstApprovedBy: string | null;
  /** the first approver's name, shown beside the row */
  firstApprovedByName: string | null;
  firstApprovedAt: number | null;
}

export interface RechargeForReview extends TwoPersonState {
  id: number;
  userId: number;
  account: string;
  amount: string;
  channelId: number;
  channel: { type: CardType; name: string; account: string } | null;
  screenshot: string;
  screenshotUrl: string;
  status: ReviewStatus;
  reason: string | null;
  time: number;
  reviewedAt: number | null;
  /** above the largest recharge any operator may approve */
  aboveCap: boolean;
  /** warnings for the reviewer (the same receipt elsewhere, shared devices or addresses); never a refusal */
  signals: FraudSignal[];
}

export interface WithdrawalForReview extends TwoPersonState {
  id: number;
  userId: number;
  account: string;
  cardId: number;
  /** where the money goes, in full, for the person paying out */
  payout: { channel: CardType; bank: string; branch: string; number: string; holder: string } | null;
  amount: string;
  fee: string;
  actual: string;
  status: ReviewStatus;
  reason: string | null;
  time: number;
  reviewedAt: number | null;
  /** after approval: awaiting the bank, paid or failed (null before) */
  payoutState: PayoutState | null;
  /** the bank's reference of a paid one; null for one paid before payouts were marked */
  payoutReference: string | null;
  payoutFailure: string | null;
  payoutMarkedAt: number | null;
  payoutMarkedByName: string | null;
  /** warnings for the reviewer (deposit then withdraw without trading, shared devices or addresses); never a refusal */
  signals: FraudSignal[];
}

/** A withdrawal's payout as marked: paid with the bank's reference, or failed and returned. */
export interface PayoutMarked {
  id: number;
  payoutState: PayoutState;
  payoutReference: string | null;
  payoutFailure: string | null;
  /** failed: the amount returned to the customer's cash */
  returned: string | null;
}

export interface RechargeDecision {
  id: number;
  status: ReviewStatus;
  amount: string;
  /** the first of two approvals was recorded; another operator pays */
  secondApprovalNeeded: boolean;
}

export interface WithdrawalDecision extends RechargeDecision {
  actual: string;
}

export interface DepositChannelForOps {
  id: number;
  type: CardType;
  name: string;
  nameTexts: LocalTexts;
  account: string;
  note: string;
  noteTexts: LocalTexts;
  enabled: boolean;
  /** a link the operator's session opens, never the image itself */
  qr: { url: string; bytes: number; sha256: string } | null;
}

export interface MoneyRules {
  coinRate: string;
  withdrawMin: string;
  withdrawMax: string;
  withdrawFeeRate: string;
  /** "HH:MM-HH:MM" in `timezone` */
  window: string;
  timezone: string;
  dailyCount: number;
  rechargeMin: string;
  rechargeApproveMax: string;
  rechargeNotice: string;
  dualApprovalAbove: string;
  payoutCap: string;
  /** a customer's first withdrawal needs a passed real-name check */
  firstWithdrawalRealName: boolean;
  /** loosening changes waiting for a second admin, oldest first */
  pendingChanges: PendingMoneyRuleChange[];
}

/** A change that loosens a money control, waiting for a different admin to approve (or reject) it. */
export interface PendingMoneyRuleChange {
  id: number;
  /** the fields as the money-rules form writes them ({ dualApprovalAbove: "0.00" }) */
  change: Record<string, string | number | boolean>;
  proposedBy: number;
  proposedByName: string;
  proposedAt: number;
}

/** The audit log's hash chain walked end to end: where a row was altered, or rows before one were removed. */
export interface AuditChainCheck {
  ok: boolean;
  rows: number;
  /** every break; `breaks` lists the first ones */
  broken: number;
  breaks: Array<{ id: number; seq: number; kind: "altered" | "missing_before" }>;
}

export interface Reconciliation {
  users: number;
  drift: Array<{ account: string; balance: string; expected: string; ledger: string }>;
  negativeBalances: number;
  auditChain: AuditChainCheck;
  /** no drift, no negative balance, and the audit chain holds */
  ok: boolean;
}

/** A cached balance beside the sum of its ledger rows. */
export interface BalancePair {
  balance: string;
  ledger: string;
  difference: string;
}

export interface ReconcileReport {
  ok: boolean;
  auditChain: AuditChainCheck;
  users: number;
  drifting: number;
  negativeBalances: number;
  totals: Record<string, BalancePair>;
  page: number;
  pageSize: number;
  total: number;
  rows: Array<{ id: number; account: string; drift: boolean; accounts: Record<string, BalancePair> }>;
  at: number;
}

export interface PlanForOps {
  id: number;
  title: string;
  titleTexts: LocalTexts;
  dailyRate: string;
  days: number;
  minAmount: string;
  enabled: boolean;
}

export interface PlanWithEarnings extends PlanForOps {
  /** subscriptions earning in the plan now, and their principal */
  earning: number;
  earningPrincipal: string;
}

export interface InviteBonusSetting {
  bonusPerInvitee: string;
  policy: InviteBonusPolicy;
}
