import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/** The audit log's field names as an operator reads them; a field not listed shows its words ("feed source"). */
const LABELS: Record<string, MessageDescriptor> = {
  amount: msg`Amount (U)`,
  withdrawMin: msg`Smallest withdrawal (U)`,
  withdrawMax: msg`Largest withdrawal (U)`,
  withdrawFeeRate: msg`Withdrawal fee rate`,
  window: msg`Withdrawal hours`,
  timezone: msg`Platform time zone`,
  dailyCount: msg`Withdrawals a day`,
  coinRate: msg`Coin rate`,
  rechargeMin: msg`Smallest recharge (U)`,
  rechargeApproveMax: msg`Largest recharge an operator may approve (U)`,
  rechargeNotice: msg`Recharge notice`,
  dualApprovalAbove: msg`Two approvals above (U)`,
  payoutCap: msg`Payout rate cap`,
  firstWithdrawalRealName: msg`Real-name check before the first withdrawal`,
  feeRate: msg`Trading fee rate`,
  singleMin: msg`Smallest order (U)`,
  singleMax: msg`Largest order (U)`,
  totalMax: msg`Open stake limit (U)`,
  status: msg`Status`,
  decision: msg`Decision`,
  reason: msg`Reason`,
  role: msg`Role`,
  enabled: msg`Enabled`,
  tradingEnabled: msg`Trading`,
  id: msg`Id`,
  username: msg`Operator`,
  account: msg`Account`,
  format: msg`Format`,
  since: msg`From`,
  until: msg`To`,
  minAmount: msg`Amount from (U)`,
  maxAmount: msg`Amount to (U)`,
  q: msg`Search`,
  // payouts, adjustments and the customer page's actions
  reference: msg`Bank reference`,
  direction: msg`Direction`,
  recharge: msg`Recharge`,
  ledger: msg`Ledger row`,
  frozen: msg`Frozen`,
  label: msg`Risk label`,
  note: msg`Note`,
};

/** A field's label in the operator's language. */
export function auditLabel(field: string, translate: (descriptor: MessageDescriptor) => string): string {
  const known = LABELS[field];
  if (known) return translate(known);
  return field.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
}
