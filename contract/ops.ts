import type { EndpointSpec } from "./endpoints";
import { opsPaths } from "./ops-paths";
import { adjustmentDecisionRequest, adjustmentProposalRequest } from "./schemas/adjustments";
import { contentItemRequest, contentItemsRequest, contentPublishedRequest, publishContentRequest } from "./schemas/content";
import {
  customerFrozenRequest,
  customerLabelRequest,
  customerNoteRequest,
  customerPasswordResetRequest,
  customerTwoStepRequest,
  twoStepResetDecisionRequest,
  twoStepResetProposalRequest,
} from "./schemas/customers";
import { acknowledgeAlertRequest, dashboardHistoryRequest } from "./schemas/dashboard";
import { emptyRequest } from "./schemas/fields";
import { planRequest } from "./schemas/finance";
import { reviewVerificationRequest } from "./schemas/identity";
import { sendMessageRequest } from "./schemas/inbox";
import { inviteBonusRequest } from "./schemas/invites";
import {
  adjustmentListRequest,
  auditListRequest,
  customerListRequest,
  ledgerListRequest,
  rechargeListRequest,
  verificationListRequest,
  withdrawalListRequest,
} from "./schemas/lists";
import { productNamesRequest } from "./schemas/localized-texts";
import {
  productFeedRequest,
  productLimitsRequest,
  productOptionsRequest,
  productQuotingRequest,
  productTradingRequest,
} from "./schemas/markets";
import { moneyRuleDecisionRequest, moneyRulesRequest, reconcileReportRequest } from "./schemas/money-rules";
import {
  accountRequest,
  addOperatorRequest,
  changeOwnPasswordRequest,
  confirmTotpRequest,
  endOperatorSessionsRequest,
  operatorLoginRequest,
  operatorRequest,
  operatorSetupRequest,
  setOperatorCustomerRequest,
  setOperatorEnabledRequest,
  setOperatorRoleRequest,
  smsOutboxRequest,
  userDetailRequest,
} from "./schemas/operators";
import { payoutFailedRequest, payoutPaidRequest } from "./schemas/payouts";
import { channelRequest } from "./schemas/recharge";
import { reviewDecisionRequest } from "./schemas/review";
import { officeRequest } from "./schemas/support";

/** The Support section's endpoints: a group of their own, beside the table below. */
export { supportDeskEndpoints } from "./support-desk-endpoints";

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
    ...opsPaths.listProducts,
    summary: "Products with their ticket settings",
    request: emptyRequest,
  },
  setProductTrading: {
    ...opsPaths.setProductTrading,
    summary: "Open (enabled=1) or close (enabled=0) a product for trading",
    request: productTradingRequest,
  },
  setProductOptions: {
    ...opsPaths.setProductOptions,
    summary: "Replace a product's settlement options: seconds:payoutRate:min:max, comma separated",
    request: productOptionsRequest,
  },
  setProductLimits: {
    ...opsPaths.setProductLimits,
    summary: "Set a product's fee rate and position limits",
    request: productLimitsRequest,
  },
  setProductNames: {
    ...opsPaths.setProductNames,
    summary: "Set a product's display name: English (name, required) and name_<code> per language (empty: English is shown)",
    request: productNamesRequest,
  },
  setProductFeed: {
    ...opsPaths.setProductFeed,
    summary:
      "Set where a halted product's prices come from (simulated, or binance:<symbol>) and how many seconds (1-10) its recent price is trusted without a trade",
    request: productFeedRequest,
  },
  setProductQuoting: {
    ...opsPaths.setProductQuoting,
    summary: "Set a product's requote tolerance (basis points, at most 500) and the oldest quote an order may open on (1–30 s)",
    request: productQuotingRequest,
  },
  risk: {
    ...opsPaths.risk,
    summary:
      "Open exposure per product and expiry (stakes up and down, the most one settle price can make the open orders pay, and that payout beyond the stakes held) and feed health (last tick age per product, job leader)",
    request: emptyRequest,
  },

  // ── recharge and withdrawal: the review queues and deposit channels ──
  listRecharges: {
    ...opsPaths.listRecharges,
    summary:
      "Recharge requests, 50 a page: status (review by default, success, failed, all), since/until (YYYY-MM-DD or ISO 8601 UTC), minAmount/maxAmount (U), q (account or phone prefix, id, recharge:<id>, user:<id>), sort time|amount, order desc|asc; cursor is a page's next or previous",
    request: rechargeListRequest,
  },
  reviewRecharge: {
    ...opsPaths.reviewRecharge,
    summary: "Approve (credits cash once) or reject a recharge",
    request: reviewDecisionRequest,
  },
  setChannel: {
    ...opsPaths.setChannel,
    summary: "Add (no id) or change a deposit channel",
    request: channelRequest,
  },
  listChannels: {
    ...opsPaths.listChannels,
    summary: "Every deposit channel, disabled ones too; a QR as a link the operator's session opens (/api/ops/channel-qr/:id)",
    request: emptyRequest,
  },
  listWithdrawals: {
    ...opsPaths.listWithdrawals,
    summary:
      "Withdrawal requests, 50 a page, filtered as the recharges (status, or awaiting_payout: approved, payment not yet marked; since/until, minAmount/maxAmount, q with withdrawal:<id>, sort time|amount, order, cursor)",
    request: withdrawalListRequest,
  },
  reviewWithdrawal: {
    ...opsPaths.reviewWithdrawal,
    summary: "Approve (the amount leaves frozen, to be paid out) or reject (returns the money) a withdrawal",
    request: reviewDecisionRequest,
  },
  markWithdrawalPaid: {
    ...opsPaths.markWithdrawalPaid,
    summary: "Mark an approved withdrawal paid, with the bank's reference (trimmed, at most 64, unique per channel); once",
    request: payoutPaidRequest,
  },
  markWithdrawalFailed: {
    ...opsPaths.markWithdrawalFailed,
    summary: "Mark an approved withdrawal's payment failed, with the reason: the whole amount, fee included, returns to cash; once",
    request: payoutFailedRequest,
  },

  // ── manual adjustments: proposed by one person, applied or rejected by another ──
  listAdjustments: {
    ...opsPaths.listAdjustments,
    summary:
      "Manual adjustments, 50 a page: status (pending by default, applied, rejected, all), since/until (proposed), minAmount/maxAmount (U), proposer and decider (operator names), q (account or phone prefix, user:<id>, an id or adjustment:<id>), sort time|amount, order, cursor",
    request: adjustmentListRequest,
  },
  proposeAdjustment: {
    ...opsPaths.proposeAdjustment,
    summary: "Propose a credit or debit of a customer's cash with a reason; a correction names the recharge or ledger row it corrects",
    request: adjustmentProposalRequest,
  },
  decideAdjustment: {
    ...opsPaths.decideAdjustment,
    summary: "Apply (one ledger row, never below zero) or reject a pending adjustment; not by the person who proposed it",
    request: adjustmentDecisionRequest,
  },

  // ── money rules and reconciliation ──
  moneyRules: {
    ...opsPaths.moneyRules,
    summary: "Withdrawal limits, window, fee, coin rate, recharge minimum",
    request: emptyRequest,
  },
  setMoneyRules: {
    ...opsPaths.setMoneyRules,
    summary:
      "Change any of: withdrawMin, withdrawMax, withdrawFeeRate, window (HH:MM-HH:MM; empty leaves it as it is), timezone, dailyCount, coinRate, rechargeMin, rechargeApproveMax (largest recharge an operator may approve), rechargeNotice, dualApprovalAbove (withdrawals and recharges), payoutCap (highest payout rate of a settlement option, below 1), firstWithdrawalRealName (1: a customer's first withdrawal needs a passed real-name check; 0 turns it off, a loosening). Tightening applies at once; a change that loosens a money control waits for a second admin (pendingChanges)",
    request: moneyRulesRequest,
  },
  decideMoneyRuleChange: {
    ...opsPaths.decideMoneyRuleChange,
    summary: "Approve (applies it now) or reject a pending loosening of the money rules; an admin other than the one who proposed it",
    request: moneyRuleDecisionRequest,
  },
  reconcileReport: {
    ...opsPaths.reconcileReport,
    summary: "Per user, each cached balance beside its ledger sum (50 a page, or only those that differ), and platform totals",
    request: reconcileReportRequest,
  },
  reconcile: {
    ...opsPaths.reconcile,
    summary: "Check every balance against the sum of its ledger rows",
    request: emptyRequest,
  },

  // ── identity, inbox, invites, support ──
  listVerifications: {
    ...opsPaths.listVerifications,
    summary:
      "Real-name requests, 50 a page: status (review by default, passed, refused, all), since/until, q (account or phone prefix, id, verification:<id>, user:<id>), order, cursor",
    request: verificationListRequest,
  },
  reviewVerification: {
    ...opsPaths.reviewVerification,
    summary: "Pass or refuse a real-name request",
    request: reviewVerificationRequest,
  },
  sendMessage: {
    ...opsPaths.sendMessage,
    summary: "Send a message to one account, or to everyone without an account",
    request: sendMessageRequest,
  },
  setInviteBonus: {
    ...opsPaths.setInviteBonus,
    summary: "Bonus credited to the inviter once per invitee, and when: at registration, real-name approval or first approved recharge",
    request: inviteBonusRequest,
  },
  smsOutbox: {
    ...opsPaths.smsOutbox,
    summary: "SMS outbox, newest first, 50 a page: every phone, or one (phone); beforeId pages on",
    request: smsOutboxRequest,
  },

  // ── content ──
  publishContent: {
    ...opsPaths.publishContent,
    summary: "Publish or edit one language of a banner, notice, news item, company page or activity",
    request: publishContentRequest,
  },
  listContentItems: {
    ...opsPaths.listContentItems,
    summary: "Content items newest first, 20 a page, each with its languages and whether readers see them",
    request: contentItemsRequest,
  },
  contentItem: {
    ...opsPaths.contentItem,
    summary: "Every language of one content item, drafts included",
    request: contentItemRequest,
  },
  setContentPublished: {
    ...opsPaths.setContentPublished,
    summary: "Publish (1) or unpublish (0) a content item: every language, or only lang",
    request: contentPublishedRequest,
  },
  office: {
    ...opsPaths.office,
    summary: "The company's office as the company page shows it, for the console's editor",
    request: emptyRequest,
  },
  setOffice: {
    ...opsPaths.setOffice,
    summary: "The company's office the company page shows (name, address, latitude and longitude in decimal degrees)",
    request: officeRequest,
  },

  // ── finance: yuebao plans ──
  listPlansForOps: {
    ...opsPaths.listPlansForOps,
    summary: "Every yuebao plan, disabled ones too, with the subscriptions earning in it",
    request: emptyRequest,
  },
  setPlan: {
    ...opsPaths.setPlan,
    summary: "Add (no id) or change a yuebao plan; running subscriptions keep their own rate and term",
    request: planRequest,
  },

  // ── operators and customers: sign-in, accounts, the audit log, finding a customer ──
  operatorLogin: {
    ...opsPaths.operatorLogin,
    summary: "Operator sign-in: username, password and (admin, finance) the authenticator code; sets the console cookie",
    request: operatorLoginRequest,
  },
  operatorSetup: {
    ...opsPaths.operatorSetup,
    summary: "Create the first admin with the one-time setup code the server printed (only while no operator exists)",
    request: operatorSetupRequest,
  },
  operatorLogout: {
    ...opsPaths.operatorLogout,
    summary: "End the console session",
    request: emptyRequest,
  },
  operatorMe: {
    ...opsPaths.operatorMe,
    summary: "The signed-in operator: username and role",
    request: emptyRequest,
  },
  listOperators: {
    ...opsPaths.listOperators,
    summary: "Operator accounts",
    request: emptyRequest,
  },
  addOperator: {
    ...opsPaths.addOperator,
    summary: "Create an operator; answers its password (generated unless given) and the TOTP otpauth URI once",
    request: addOperatorRequest,
  },
  setOperatorEnabled: {
    ...opsPaths.setOperatorEnabled,
    summary: "Disable (every session ends at once) or enable an operator; not yourself, not the last active admin",
    request: setOperatorEnabledRequest,
  },
  setOperatorRole: {
    ...opsPaths.setOperatorRole,
    summary: "Give an operator another role; not yourself, and the last active admin stays admin",
    request: setOperatorRoleRequest,
  },
  resetOpsPassword: {
    ...opsPaths.resetOpsPassword,
    summary: "A temporary password, answered once; the operator sets their own at next sign-in (every session ends)",
    request: operatorRequest,
  },
  resetOperatorTotp: {
    ...opsPaths.resetOperatorTotp,
    summary: "Forget an operator's authenticator: they enrol a new one at next sign-in (every session ends)",
    request: operatorRequest,
  },
  operatorSessions: {
    ...opsPaths.operatorSessions,
    summary: "An operator's open console sessions: when signed in, last seen, ends, from which address",
    request: operatorRequest,
  },
  endOperatorSessions: {
    ...opsPaths.endOperatorSessions,
    summary: "End one session of an operator (ref from the list), or all of them",
    request: endOperatorSessionsRequest,
  },
  setOperatorCustomer: {
    ...opsPaths.setOperatorCustomer,
    summary: "Link (linked=1) or unlink a customer account the operator holds: they may not review its requests",
    request: setOperatorCustomerRequest,
  },
  changeOwnPassword: {
    ...opsPaths.changeOwnPassword,
    summary: "Set your own password (the current one, then the new one under the password policy)",
    request: changeOwnPasswordRequest,
  },
  startTotpEnrolment: {
    ...opsPaths.startTotpEnrolment,
    summary: "While an authenticator is to be enrolled: a new secret's otpauth URI, to confirm with a code",
    request: emptyRequest,
  },
  confirmTotp: {
    ...opsPaths.confirmTotp,
    summary: "Confirm the new authenticator with its current code; the console then opens",
    request: confirmTotpRequest,
  },
  auditLog: {
    ...opsPaths.auditLog,
    summary:
      "Operator actions, newest first, 50 a page, each with its changes readable (amounts in U): since/until, actor, action (endpoint), target (exact), q (start of a target, or an address), order, cursor",
    request: auditListRequest,
  },
  processStatus: {
    ...opsPaths.processStatus,
    summary: "The answering process: pid, database kind, and whether it is the job leader",
    request: emptyRequest,
  },
  dashboard: {
    ...opsPaths.dashboard,
    summary: "Pending reviews with their oldest age, and today's deposits, withdrawals (what left, fee apart) and orders",
    request: emptyRequest,
  },
  dashboardHistory: {
    ...opsPaths.dashboardHistory,
    summary: "Per UTC day of the last 7, 30 or 90 days: deposits, withdrawals, fees, P/L of settled orders, new customers; top winners",
    request: dashboardHistoryRequest,
  },
  listAlerts: {
    ...opsPaths.listAlerts,
    summary: "Alerts of the operator's topics: open ones, and those acknowledged in the last day",
    request: emptyRequest,
  },
  acknowledgeAlert: {
    ...opsPaths.acknowledgeAlert,
    summary: "Acknowledge an alert (once; audited)",
    request: acknowledgeAlertRequest,
  },
  searchUsers: {
    ...opsPaths.searchUsers,
    summary:
      "Customers, 50 a page: q (account or phone prefix, id, invite code), since/until (registration), state (locked, verified, unverified), sort time|cash, order, cursor",
    request: customerListRequest,
  },
  customerLimits: {
    ...opsPaths.customerLimits,
    summary: "One customer's own limits, exclusion and loosenings waiting, with the use of each (read-only)",
    request: userDetailRequest,
  },
  userDetail: {
    ...opsPaths.userDetail,
    summary: "One customer: balances, the ledger with running balances, orders and cards",
    request: userDetailRequest,
  },
  showUser: {
    ...opsPaths.showUser,
    summary: "Show a user by account",
    request: accountRequest,
  },
  unlockUser: {
    ...opsPaths.unlockUser,
    summary: "Unlock an account locked by wrong passwords, with its per-address and fund-password locks",
    request: accountRequest,
  },

  // ── the ledger and the lists' exports ──
  ledgerRows: {
    ...opsPaths.ledgerRows,
    summary:
      "Every customer's ledger rows, 50 a page, with the account's balance after each: since/until, ledgerKind (stake, recharge…), balance (cash, coin, frozen, yuebao), minAmount/maxAmount (its size, U), q (account or phone prefix, user:<id>, a row id, or a reference such as withdrawal:12), sort time|amount, order, cursor",
    request: ledgerListRequest,
  },
  exportRecharges: {
    ...opsPaths.exportRecharges,
    summary: "The recharges the same filters select, every page, as CSV (amounts in U, times ISO 8601 UTC); audited",
    request: rechargeListRequest,
  },
  exportWithdrawals: {
    ...opsPaths.exportWithdrawals,
    summary: "The withdrawals the same filters select, every page, as CSV with each destination; audited",
    request: withdrawalListRequest,
  },
  exportVerifications: {
    ...opsPaths.exportVerifications,
    summary: "The real-name requests the same filters select, as CSV; audited",
    request: verificationListRequest,
  },
  exportUsers: {
    ...opsPaths.exportUsers,
    summary: "The customers the same filters select, as CSV with their balances; audited",
    request: customerListRequest,
  },
  exportLedger: {
    ...opsPaths.exportLedger,
    summary: "The ledger rows the same filters select, as CSV; audited",
    request: ledgerListRequest,
  },
  exportAdjustments: {
    ...opsPaths.exportAdjustments,
    summary: "The manual adjustments the same filters select, as CSV with who proposed and who decided each; audited",
    request: adjustmentListRequest,
  },
  exportAudit: {
    ...opsPaths.exportAudit,
    summary: "The audit entries the same filters select, as CSV with their changes; audited",
    request: auditListRequest,
  },
  setCustomerFrozen: {
    ...opsPaths.setCustomerFrozen,
    summary:
      "Freeze (frozen=1) or unfreeze a customer: a frozen one places no order, joins or adds to no plan, exchanges and withdraws nothing; logging in, reading and settlements go on",
    request: customerFrozenRequest,
  },
  setCustomerLabel: {
    ...opsPaths.setCustomerLabel,
    summary: "Put (on=1) or take off a risk label (watch, bonus_abuse, chargeback_risk, vip); answers the customer's labels",
    request: customerLabelRequest,
  },
  addCustomerNote: {
    ...opsPaths.addCustomerNote,
    summary: "Add a dated note with your name to a customer (notes are never changed or removed)",
    request: customerNoteRequest,
  },
  resetCustomerPassword: {
    ...opsPaths.resetCustomerPassword,
    summary:
      "A temporary login password for a customer, answered once: every session of theirs ends, and the app asks for a new password at their next login",
    request: customerPasswordResetRequest,
  },
  customerTwoStep: {
    ...opsPaths.customerTwoStep,
    summary: "Whether a customer's two-step sign-in is on, and the proposal to turn it off waiting for a second person, if any",
    request: customerTwoStepRequest,
  },
  proposeTwoStepReset: {
    ...opsPaths.proposeTwoStepReset,
    summary:
      "Propose turning off a customer's two-step sign-in (a lost phone) with a reason; nothing changes until a different person applies it",
    request: twoStepResetProposalRequest,
  },
  applyTwoStepReset: {
    ...opsPaths.applyTwoStepReset,
    summary:
      "Apply a waiting proposal, not by its proposer: the authenticator and recovery codes are removed, every session of the customer ends, and the customer is told in their language",
    request: twoStepResetDecisionRequest,
  },
  cancelTwoStepReset: {
    ...opsPaths.cancelTwoStepReset,
    summary: "Cancel a waiting proposal to turn off a customer's two-step sign-in; nothing changes",
    request: twoStepResetDecisionRequest,
  },
} satisfies Record<string, EndpointSpec>;
