import { PAYOUT_RATE_LIMIT_BPS } from "#contract/constants";
import { centsToDecimal } from "#contract/format";
import { bpsToRate, rateToBps } from "#contract/money";

import type { ServiceContext } from "../context";
import { AppError } from "../errors";
import { parseCoinRate } from "../wallet/coin-rate";
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
}

/** Limits, window, fee, coin rate, the recharge minimum and cap; only the fields given change. */
export async function setMoneyRules(ctx: ServiceContext, input: MoneyRulesChange) {
  const change: Partial<MoneySettings> = {
    withdrawMin: input.withdrawMin,
    withdrawMax: input.withdrawMax,
    rechargeMin: input.rechargeMin,
    rechargeApproveMax: input.rechargeApproveMax,
    dualApprovalAbove: input.dualApprovalAbove,
    dailyCount: input.dailyCount,
  };
  if (input.withdrawFeeRate !== undefined) {
    const bps = rateToBps(input.withdrawFeeRate);
    if (bps === null) throw new AppError("invalid_input", {}, "withdrawFeeRate");
    change.withdrawFeeBps = bps;
  }
  // a fee of a fifth or more is not a fee; at 100% and beyond the payout would be nothing or negative
  if (change.withdrawFeeBps !== undefined && change.withdrawFeeBps >= MAX_WITHDRAW_FEE_BPS)
    throw new AppError("invalid_input", {}, "withdrawFeeRate");
  if (input.coinRate !== undefined) {
    change.coinRate = parseCoinRate(input.coinRate);
  }
  if (input.window !== undefined) {
    const [start, end] = input.window.split("-");
    if (!start || !end || !HHMM.test(start) || !HHMM.test(end) || start >= end) throw new AppError("invalid_input", {}, "request");
    change.windowStart = start;
    change.windowEnd = end;
  }
  if (input.timezone !== undefined) {
    try {
      new Intl.DateTimeFormat("en", { timeZone: input.timezone });
    } catch {
      throw new AppError("invalid_input", {}, "request");
    }
    change.timezone = input.timezone;
  }
  if (input.payoutCap !== undefined) {
    // a rate of 1 or more would let an up and a down order on one tick make money without risk
    const bps = rateToBps(input.payoutCap);
    if (bps === null || bps <= 0 || bps >= PAYOUT_RATE_LIMIT_BPS) throw new AppError("invalid_input", {}, "payoutCap");
    change.payoutCapBps = bps;
  }
  if (input.rechargeNotice !== undefined) change.rechargeNotice = input.rechargeNotice.slice(0, 500);
  const defined = Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined)) as Partial<MoneySettings>;
  // checked before writing: a refused change must leave the rules as they were
  const merged = { ...(await moneySettings(ctx.db)), ...defined };
  if (merged.withdrawMin > merged.withdrawMax) throw new AppError("invalid_input", {}, "request");
  // a cap of nothing would refuse every recharge; to stop approvals, close the deposit channels
  if (merged.rechargeApproveMax <= 0) throw new AppError("invalid_input", {}, "request");
  return describeRules(await updateMoneySettings(ctx.db, defined));
}

export async function moneyRules(ctx: ServiceContext) {
  return describeRules(await moneySettings(ctx.db));
}

function describeRules(rules: MoneySettings) {
  return {
    coinRate: (rules.coinRate / 10000).toFixed(4),
    withdrawMin: centsToDecimal(rules.withdrawMin),
    withdrawMax: centsToDecimal(rules.withdrawMax),
    withdrawFeeRate: bpsToRate(rules.withdrawFeeBps),
    window: `${rules.windowStart}-${rules.windowEnd}`,
    timezone: rules.timezone,
    dailyCount: rules.dailyCount,
    rechargeMin: centsToDecimal(rules.rechargeMin),
    rechargeApproveMax: centsToDecimal(rules.rechargeApproveMax),
    rechargeNotice: rules.rechargeNotice,
    dualApprovalAbove: centsToDecimal(rules.dualApprovalAbove),
    payoutCap: bpsToRate(rules.payoutCapBps),
  };
}
