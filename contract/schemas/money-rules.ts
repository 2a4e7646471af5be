import { z } from "zod";

import { centsField, countField, idField, pageRequest, switchField } from "./fields";

const optionalText = (max: number) => z.string({ error: "invalid_input" }).max(max, { error: "field_too_long" }).optional();

/** operator: any of the money rules; only the fields given change. Amounts arrive as cents. */
export const moneyRulesRequest = z.object({
  withdrawMin: centsField().optional(),
  withdrawMax: centsField().optional(),
  // checked by the service, which knows the ceiling and names the field
  withdrawFeeRate: optionalText(10),
  window: optionalText(20),
  timezone: optionalText(60),
  dailyCount: countField(3).optional(),
  coinRate: optionalText(20),
  rechargeMin: centsField().optional(),
  rechargeNotice: optionalText(500),
  // the largest recharge an operator may approve at all
  rechargeApproveMax: centsField().optional(),
  // withdrawals and recharges above this amount need a second, different operator's approval (0: nobody needs one)
  dualApprovalAbove: centsField().optional(),
  // the highest payout rate a settlement option may pay, below 1 (checked by the service, which names the field)
  payoutCap: optionalText(10),
  // "1": a customer's first withdrawal needs a passed real-name check; "0" (a loosening) lets anyone withdraw
  firstWithdrawalRealName: switchField().optional(),
});

/** admin: approve (applies it) or reject a loosening change another person proposed */
export const moneyRuleDecisionRequest = z.object({
  id: idField(),
  decision: z.enum(["approve", "reject"], { error: "invalid_input" }),
});

/** operator: each cached balance beside its ledger sum, a page at a time, or only the ones that differ */
export const reconcileReportRequest = pageRequest.extend({ onlyDrift: switchField().default(false) });
