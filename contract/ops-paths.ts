import type { AdjustmentForOps } from "./adjustments";
import type { AlertList, OpsAlert } from "./alerts";
import type { CustomerFlags, CustomerLabel, CustomerNote, CustomerPasswordReset } from "./customers";
import type { DashboardHistory } from "./dashboard-history";
import type { LedgerRowForOps, ListPage } from "./lists";
import type { OfficePlace } from "./location";
import { EVERY_ROLE, type OpsRole, type SignInStep } from "./operators";
import type {
  AuditRow,
  ContentItemForOps,
  ContentItemPage,
  ContentLanguage,
  CreatedOperator,
  CustomerAccount,
  CustomerDetail,
  CustomerFound,
  Dashboard,
  OperatorAccount,
  OperatorPasswordReset,
  OperatorSelf,
  OperatorSessionRow,
  ProcessStatus,
  ProductSettings,
  Risk,
  SmsOutboxRow,
  VerificationForReview,
} from "./ops-answers";
import type {
  DepositChannelForOps,
  InviteBonusSetting,
  LocalTexts,
  MoneyRules,
  PayoutMarked,
  PlanForOps,
  PlanWithEarnings,
  RechargeDecision,
  RechargeForReview,
  ReconcileReport,
  Reconciliation,
  WithdrawalDecision,
  WithdrawalForReview,
} from "./ops-money-answers";
import type { ApiPath } from "./paths";
import type { LimitsView } from "./self-limits";
import type { CustomerTwoStep, TwoStepResetForOps } from "./two-step-resets";

/** An operator path: method, path, access, the roles allowed besides admin, and (type only) its answer. */
export interface OpsPath<Answer = unknown> extends ApiPath<Answer> {
  /** checked once, in the server's auth hook, and by the console before it offers a page (`roleAllows`) */
  roles?: readonly OpsRole[];
  /**
   * Only a named person may call it: approving, rejecting, moving money, or changing a money control. The
   * machine token (OPS_TOKEN) is refused here; it reads and runs reports.
   */
  person?: true;
}

/**
 * Gives a path its answer type. Nothing is added at run time: the type rides on the entry, so the console's
 * `call()` and the CLI infer the answer from the path and the server's handler must return it.
 */
const answers =
  <Answer>() =>
  <const P extends Omit<OpsPath, "answer">>(path: P): P & OpsPath<Answer> =>
    path;

/** Publishing one language of a content item answers that language as stored, with the item's key. */
type PublishedContent = Omit<ContentLanguage, "updatedAt"> & { item: string };
/** Which languages of a content item are published once a change applied. */
type ContentPublication = { item: string; languages: Record<string, boolean> };

/** An export's body: CSV text, sent as a file rather than in the envelope. */
export type CsvText = string;

/** Who may call what (admin always may). */
const ADMIN: readonly OpsRole[] = [];
const FINANCE: readonly OpsRole[] = ["finance"];
const SUPPORT: readonly OpsRole[] = ["support"];
const CONTENT: readonly OpsRole[] = ["content"];
/** finding a customer: support answers them, finance checks them before paying out */
const PEOPLE: readonly OpsRole[] = ["support", "finance"];

/**
 * Every operator endpoint without its schema, so the console imports it without shipping the validator;
 * `contract/ops.ts` adds each one's summary and request schema, as `endpoints.ts` does for `apiPaths`.
 */
export const opsPaths = {
  listProducts: answers<ProductSettings[]>()({ method: "GET", path: "/api/ops/products", auth: "ops", roles: FINANCE }),
  setProductTrading: answers<{ id: number; tradingEnabled: boolean }>()({
    method: "POST",
    path: "/api/ops/product/trading",
    auth: "ops",
    roles: ADMIN,
  }),
  setProductOptions: answers<{ id: number; options: number }>()({
    method: "POST",
    path: "/api/ops/product/options",
    auth: "ops",
    roles: ADMIN,
  }),
  setProductLimits: answers<{ id: number; feeRate: string; singleMin: string; singleMax: string; totalMax: string }>()({
    method: "POST",
    path: "/api/ops/product/limits",
    auth: "ops",
    roles: ADMIN,
  }),
  setProductNames: answers<{ id: number; name: string; nameTexts: LocalTexts }>()({
    method: "POST",
    path: "/api/ops/product/names",
    auth: "ops",
    roles: ADMIN,
  }),
  setProductFeed: answers<{ id: number; feedSource: string; feedStaleSeconds: number; voided: number }>()({
    method: "POST",
    path: "/api/ops/product/feed",
    auth: "ops",
    roles: ADMIN,
  }),
  setProductQuoting: answers<{ id: number; requoteToleranceBps: number; maxQuoteAgeSeconds: number }>()({
    method: "POST",
    path: "/api/ops/product/quoting",
    auth: "ops",
    roles: ADMIN,
  }),
  risk: answers<Risk>()({ method: "GET", path: "/api/ops/risk", auth: "ops", roles: EVERY_ROLE }),
  listRecharges: answers<ListPage<RechargeForReview>>()({ method: "GET", path: "/api/ops/recharges", auth: "ops", roles: FINANCE }),
  reviewRecharge: answers<RechargeDecision>()({
    method: "POST",
    path: "/api/ops/recharge/review",
    auth: "ops",
    roles: FINANCE,
    person: true,
  }),
  setChannel: answers<DepositChannelForOps>()({ method: "POST", path: "/api/ops/channel", auth: "ops", roles: FINANCE, person: true }),
  listChannels: answers<DepositChannelForOps[]>()({ method: "GET", path: "/api/ops/channels", auth: "ops", roles: FINANCE }),
  listWithdrawals: answers<ListPage<WithdrawalForReview>>()({ method: "GET", path: "/api/ops/withdrawals", auth: "ops", roles: FINANCE }),
  reviewWithdrawal: answers<WithdrawalDecision>()({
    method: "POST",
    path: "/api/ops/withdrawal/review",
    auth: "ops",
    roles: FINANCE,
    person: true,
  }),
  // after approval, the payment's outcome as the bank reports it: a person marks it, exactly once
  markWithdrawalPaid: answers<PayoutMarked>()({
    method: "POST",
    path: "/api/ops/withdrawal/paid",
    auth: "ops",
    roles: FINANCE,
    person: true,
  }),
  markWithdrawalFailed: answers<PayoutMarked>()({
    method: "POST",
    path: "/api/ops/withdrawal/failed",
    auth: "ops",
    roles: FINANCE,
    person: true,
  }),
  // manual adjustments: one person proposes, a different one applies or rejects
  listAdjustments: answers<ListPage<AdjustmentForOps>>()({ method: "GET", path: "/api/ops/adjustments", auth: "ops", roles: FINANCE }),
  proposeAdjustment: answers<AdjustmentForOps>()({
    method: "POST",
    path: "/api/ops/adjustments",
    auth: "ops",
    roles: FINANCE,
    person: true,
  }),
  decideAdjustment: answers<AdjustmentForOps>()({
    method: "POST",
    path: "/api/ops/adjustment/decide",
    auth: "ops",
    roles: FINANCE,
    person: true,
  }),
  moneyRules: answers<MoneyRules>()({ method: "GET", path: "/api/ops/money-rules", auth: "ops", roles: FINANCE }),
  setMoneyRules: answers<MoneyRules>()({ method: "POST", path: "/api/ops/money-rules", auth: "ops", roles: FINANCE, person: true }),
  decideMoneyRuleChange: answers<MoneyRules>()({
    method: "POST",
    path: "/api/ops/money-rules/decide",
    auth: "ops",
    roles: ADMIN,
    person: true,
  }),
  reconcileReport: answers<ReconcileReport>()({ method: "GET", path: "/api/ops/reconcile/report", auth: "ops", roles: FINANCE }),
  reconcile: answers<Reconciliation>()({ method: "GET", path: "/api/ops/reconcile", auth: "ops", roles: FINANCE }),
  listVerifications: answers<ListPage<VerificationForReview>>()({
    method: "GET",
    path: "/api/ops/verifications",
    auth: "ops",
    roles: SUPPORT,
  }),
  reviewVerification: answers<{ id: number; status: string }>()({
    method: "POST",
    path: "/api/ops/verification/review",
    auth: "ops",
    roles: SUPPORT,
  }),
  sendMessage: answers<{ id: number; to: string }>()({ method: "POST", path: "/api/ops/message", auth: "ops", roles: SUPPORT }),
  setInviteBonus: answers<InviteBonusSetting>()({ method: "POST", path: "/api/ops/invite-bonus", auth: "ops", roles: FINANCE }),
  smsOutbox: answers<SmsOutboxRow[]>()({ method: "GET", path: "/api/ops/sms", auth: "ops", roles: SUPPORT }),
  publishContent: answers<PublishedContent>()({ method: "POST", path: "/api/ops/content", auth: "ops", roles: CONTENT }),
  listContentItems: answers<ContentItemPage>()({ method: "GET", path: "/api/ops/contents", auth: "ops", roles: CONTENT }),
  contentItem: answers<ContentItemForOps>()({ method: "GET", path: "/api/ops/content/item", auth: "ops", roles: CONTENT }),
  setContentPublished: answers<ContentPublication>()({ method: "POST", path: "/api/ops/content/publish", auth: "ops", roles: CONTENT }),
  office: answers<OfficePlace>()({ method: "GET", path: "/api/ops/office", auth: "ops", roles: CONTENT }),
  setOffice: answers<OfficePlace>()({ method: "POST", path: "/api/ops/office", auth: "ops", roles: CONTENT }),
  listPlansForOps: answers<PlanWithEarnings[]>()({ method: "GET", path: "/api/ops/plans", auth: "ops", roles: FINANCE }),
  setPlan: answers<PlanForOps | null>()({ method: "POST", path: "/api/ops/plan", auth: "ops", roles: FINANCE }),
  operatorLogin: answers<{ username: string; role: OpsRole; pending: SignInStep | null }>()({
    method: "POST",
    path: "/api/ops/login",
    auth: "none",
  }),
  operatorSetup: answers<{ username: string; role: OpsRole; otpauth: string }>()({ method: "POST", path: "/api/ops/setup", auth: "none" }),
  operatorLogout: answers<{ loggedOut: boolean }>()({ method: "POST", path: "/api/ops/logout", auth: "ops", roles: EVERY_ROLE }),
  operatorMe: answers<OperatorSelf>()({ method: "GET", path: "/api/ops/me", auth: "ops", roles: EVERY_ROLE }),
  listOperators: answers<OperatorAccount[]>()({ method: "GET", path: "/api/ops/operators", auth: "ops", roles: ADMIN }),
  // a person only, as every change to who may act below: an operator the token made or reset could approve in its place
  addOperator: answers<CreatedOperator>()({ method: "POST", path: "/api/ops/operators", auth: "ops", roles: ADMIN, person: true }),
  setOperatorEnabled: answers<OperatorAccount>()({
    method: "POST",
    path: "/api/ops/operator/enabled",
    auth: "ops",
    roles: ADMIN,
    person: true,
  }),
  setOperatorRole: answers<OperatorAccount>()({ method: "POST", path: "/api/ops/operator/role", auth: "ops", roles: ADMIN, person: true }),
  resetOpsPassword: answers<OperatorPasswordReset>()({
    method: "POST",
    path: "/api/ops/operator/password",
    auth: "ops",
    roles: ADMIN,
    person: true,
  }),
  resetOperatorTotp: answers<OperatorAccount>()({
    method: "POST",
    path: "/api/ops/operator/reset-totp",
    auth: "ops",
    roles: ADMIN,
    person: true,
  }),
  operatorSessions: answers<OperatorSessionRow[]>()({ method: "GET", path: "/api/ops/operator/sessions", auth: "ops", roles: ADMIN }),
  endOperatorSessions: answers<{ ended: number }>()({
    method: "POST",
    path: "/api/ops/operator/logout",
    auth: "ops",
    roles: ADMIN,
    person: true,
  }),
  setOperatorCustomer: answers<OperatorAccount>()({
    method: "POST",
    path: "/api/ops/operator/customer",
    auth: "ops",
    roles: ADMIN,
    person: true,
  }),
  changeOwnPassword: answers<OperatorSelf>()({ method: "POST", path: "/api/ops/me/password", auth: "ops", roles: EVERY_ROLE }),
  startTotpEnrolment: answers<{ otpauth: string }>()({ method: "POST", path: "/api/ops/me/totp", auth: "ops", roles: EVERY_ROLE }),
  confirmTotp: answers<OperatorSelf>()({ method: "POST", path: "/api/ops/me/totp/confirm", auth: "ops", roles: EVERY_ROLE }),
  auditLog: answers<ListPage<AuditRow>>()({ method: "GET", path: "/api/ops/audit", auth: "ops", roles: ADMIN }),
  processStatus: answers<ProcessStatus>()({ method: "GET", path: "/api/ops/status", auth: "ops", roles: EVERY_ROLE }),
  dashboard: answers<Dashboard>()({ method: "GET", path: "/api/ops/dashboard", auth: "ops", roles: EVERY_ROLE }),
  searchUsers: answers<ListPage<CustomerFound>>()({ method: "GET", path: "/api/ops/users", auth: "ops", roles: PEOPLE }),
  userDetail: answers<CustomerDetail>()({ method: "GET", path: "/api/ops/user/detail", auth: "ops", roles: PEOPLE }),
  showUser: answers<CustomerAccount>()({ method: "GET", path: "/api/ops/user", auth: "ops", roles: PEOPLE }),
  // read-only: no operator path changes a customer's own limits, nor ends a timeout or exclusion early
  customerLimits: answers<LimitsView>()({ method: "GET", path: "/api/ops/customer/limits", auth: "ops", roles: PEOPLE }),
  unlockUser: answers<{ account: string; locked: boolean }>()({ method: "POST", path: "/api/ops/unlock", auth: "ops", roles: SUPPORT }),
  ledgerRows: answers<ListPage<LedgerRowForOps>>()({ method: "GET", path: "/api/ops/ledger", auth: "ops", roles: FINANCE }),
  // each list's filtered set as CSV (text/csv, not the JSON envelope): the same roles as the list, every download audited
  exportRecharges: answers<CsvText>()({ method: "GET", path: "/api/ops/recharges/csv", auth: "ops", roles: FINANCE }),
  exportWithdrawals: answers<CsvText>()({ method: "GET", path: "/api/ops/withdrawals/csv", auth: "ops", roles: FINANCE }),
  exportVerifications: answers<CsvText>()({ method: "GET", path: "/api/ops/verifications/csv", auth: "ops", roles: SUPPORT }),
  exportUsers: answers<CsvText>()({ method: "GET", path: "/api/ops/users/csv", auth: "ops", roles: PEOPLE }),
  exportLedger: answers<CsvText>()({ method: "GET", path: "/api/ops/ledger/csv", auth: "ops", roles: FINANCE }),
  exportAdjustments: answers<CsvText>()({ method: "GET", path: "/api/ops/adjustments/csv", auth: "ops", roles: FINANCE }),
  exportAudit: answers<CsvText>()({ method: "GET", path: "/api/ops/audit/csv", auth: "ops", roles: ADMIN }),
  dashboardHistory: answers<DashboardHistory>()({ method: "GET", path: "/api/ops/dashboard/history", auth: "ops", roles: FINANCE }),
  // alerts: each operator is shown those of the stream topics their role hears (none for content)
  listAlerts: answers<AlertList>()({ method: "GET", path: "/api/ops/alerts", auth: "ops", roles: PEOPLE }),
  acknowledgeAlert: answers<OpsAlert>()({ method: "POST", path: "/api/ops/alert/ack", auth: "ops", roles: PEOPLE, person: true }),
  // the customer page's actions: each names the person who took it (never the machine token) and is audited
  setCustomerFrozen: answers<CustomerFlags>()({
    method: "POST",
    path: "/api/ops/customer/frozen",
    auth: "ops",
    roles: FINANCE,
    person: true,
  }),
  setCustomerLabel: answers<CustomerLabel[]>()({
    method: "POST",
    path: "/api/ops/customer/label",
    auth: "ops",
    roles: FINANCE,
    person: true,
  }),
  addCustomerNote: answers<CustomerNote>()({
    method: "POST",
    path: "/api/ops/customer/note",
    auth: "ops",
    roles: EVERY_ROLE,
    person: true,
  }),
  resetCustomerPassword: answers<CustomerPasswordReset>()({
    method: "POST",
    path: "/api/ops/customer/password",
    auth: "ops",
    roles: SUPPORT,
    person: true,
  }),
  // a lost phone: one support person proposes switching the customer's two-step sign-in off, a different one applies
  customerTwoStep: answers<CustomerTwoStep>()({ method: "GET", path: "/api/ops/customers/two_step", auth: "ops", roles: SUPPORT }),
  proposeTwoStepReset: answers<TwoStepResetForOps>()({
    method: "POST",
    path: "/api/ops/customers/two_step_reset_propose",
    auth: "ops",
    roles: SUPPORT,
    person: true,
  }),
  applyTwoStepReset: answers<TwoStepResetForOps>()({
    method: "POST",
    path: "/api/ops/customers/two_step_reset_apply",
    auth: "ops",
    roles: SUPPORT,
    person: true,
  }),
  cancelTwoStepReset: answers<TwoStepResetForOps>()({
    method: "POST",
    path: "/api/ops/customers/two_step_reset_cancel",
    auth: "ops",
    roles: SUPPORT,
    person: true,
  }),
} as const satisfies Record<string, OpsPath>;

export type OpsPathName = keyof typeof opsPaths;

/**
 * What a session with a sign-in step still to take may call: the steps themselves, who am I, and sign-out.
 * Everything else is refused (`ops_step_required`) until the step is done.
 */
export const SIGN_IN_STEP_PATHS: readonly string[] = [
  opsPaths.operatorMe.path,
  opsPaths.operatorLogout.path,
  opsPaths.changeOwnPassword.path,
  opsPaths.startTotpEnrolment.path,
  opsPaths.confirmTotp.path,
];
