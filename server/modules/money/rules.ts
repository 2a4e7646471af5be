import { PAYOUT_RATE_LIMIT_BPS } from "#contract/constants";
import { rateToBps } from "#contract/money";
import type { MoneyRules } from "#contract/ops-money-answers";

import type { ServiceContext } from "../context";
import { AppError } from "../errors";
import { parseCoinRate } from "../wallet/coin-rate";
import { describeRules } from "./describe";
import { splitByLoosening } from "./loosening";
import { decideChange, pendingChanges, proposeChange } from "./pending-rules";
import { type MoneySettings, moneySettings, updateMoneySettings } from "./settings";

/** 0.2: the withdrawal fee rate must stay below it */
const MAX_WITHDRAW_FEE_BPS = 2000;

const HHMM = /^([01]\d|2[0-4]):[0-5]\d$/;

/** A change of the money rules as the contract parses it: amounts in cents; the rest checked here. */
interface MoneyRulesChange {
  withdrawMin?: number;
  withdrawMax?: number;
  rechargeMin?: number;
  rechargeApproveMax?: number;
  dualApprovalAbove?: number;
  dailyCount?: number;
  withdrawFeeRate?: string;
  coinRate?: string;
  window?: string;
  timezone?: string;
  rechargeNotice?: string;
  payoutCap?: string;
  firstWithdrawalRealName?: boolean;
}

/**
 * The change as stored settings, checked field by field; each refusal names its field. An empty window is no
 * change (a form sends every field, the window too when nobody touched it).
 */
function parseChange(input: MoneyRulesChange): Partial<MoneySettings> {
  const change: Partial<MoneySettings> = {
    withdrawMin: input.withdrawMin,
    withdrawMax: input.withdrawMax,
    rechargeMin: input.rechargeMin,
    rechargeApproveMax: input.rechargeApproveMax,
    dualApprovalAbove: input.dualApprovalAbove,
    dailyCount: input.dailyCount,
    firstWithdrawalNeedsRealName: input.firstWithdrawalRealName,
  };
  if (input.withdrawFeeRate !== undefined && input.withdrawFeeRate.trim() !== "") {
    const bps = rateToBps(input.withdrawFeeRate.trim());
    // a fee of a fifth or more is not a fee; at 100% and beyond the payout would be nothing or negative
    if (bps === null || bps >= MAX_WITHDRAW_FEE_BPS) throw new AppError("invalid_input", {}, "withdrawFeeRate");
    change.withdrawFeeBps = bps;
  }
  if (input.coinRate !== undefined && input.coinRate.trim() !== "") {
    change.coinRate = parseCoinRate(input.coinRate.trim());
  }
  if (input.window !== undefined && input.window.trim() !== "") {
    const [start, end] = input.window.trim().split("-");
    if (!start || !end || !HHMM.test(start) || !HHMM.test(end) || start >= end) throw new AppError("invalid_input", {}, "window");
    change.windowStart = start;
    change.windowEnd = end;
  }
  if (input.timezone !== undefined && input.timezone.trim() !== "") {
    try {
      new Intl.DateTimeFormat("en", { timeZone: input.timezone.trim() });
    } catch {
      throw new AppError("invalid_input", {}, "timezone");
    }
    change.timezone = input.timezone.trim();
  }
  if (input.payoutCap !== undefined && input.payoutCap.trim() !== "") {
    // a rate of 1 or more would let an up and a down order on one tick make money without risk
    const bps = rateToBps(input.payoutCap.trim());
    if (bps === null || bps <= 0 || bps >= PAYOUT_RATE_LIMIT_BPS) throw new AppError("invalid_input", {}, "payoutCap");
    change.payoutCapBps = bps;
  }
  if (input.rechargeNotice !== undefined) change.rechargeNotice = input.rechargeNotice.slice(0, 500);
  return Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined)) as Partial<MoneySettings>;
}

/** The rules as they would be after a change: refused (naming the field) when they no longer make sense. */
export function checkMerged(merged: MoneySettings) {
  if (merged.withdrawMin > merged.withdrawMax) throw new AppError("invalid_input", {}, "withdrawMin");
  // a cap of nothing would refuse every recharge; to stop approvals, close the deposit channels
  if (merged.rechargeApproveMax <= 0) throw new AppError("invalid_input", {}, "rechargeApproveMax");
}

/**
 * Limits, window, fee, coin rate, the recharge minimum and cap; only the fields given change. What tightens a
 * money control (or touches none) applies at once; what loosens one is kept as a pending change that applies
 * when a different admin approves it (pending-rules.ts), so nobody can lower a control alone, act, and put
 * it back.
 */
export async function setMoneyRules(ctx: ServiceContext, input: MoneyRulesChange, proposer: { id: number; username: string }) {
  const defined = parseChange(input);
  // checked before writing: a refused change must leave the rules as they were
  const current = await moneySettings(ctx.db);
  checkMerged({ ...current, ...defined });
  const { now: applied, later } = splitByLoosening(current, defined);
  if (Object.keys(applied).length > 0) await updateMoneySettings(ctx.db, applied);
  if (Object.keys(later).length > 0) await proposeChange(ctx, later, proposer);
  return moneyRules(ctx);
}

export async function moneyRules(ctx: ServiceContext): Promise<MoneyRules> {
  return { ...describeRules(await moneySettings(ctx.db)), pendingChanges: await pendingChanges(ctx) };
}

/** A second admin approves or rejects a pending loosening change (pending-rules.ts). */
export async function decideMoneyRuleChange(
  ctx: ServiceContext,
  input: { id: number; decision: "approve" | "reject" },
  decider: { id: number; username: string },
) {
  await decideChange(ctx, input.id, input.decision, decider, checkMerged);
  return moneyRules(ctx);
}
