import type { Goods } from "#contract/markets";
import { parseAmount, rateToBps } from "#contract/money";
import { amountRange, expectedNetProfit, orderFee, type TicketProblem, ticketProblem } from "#contract/trading-math";

/** What the trade bar and the confirm sheet show for an amount and a settlement time, all in cents. */
export interface TicketFigures {
  cents: number | null;
  payoutPct: number;
  fee: number | null;
  /** the balance gain if the order wins: payout minus fee */
  net: number | null;
  range: { min: number; max: number } | null;
  /** the largest amount the balance covers with its fee, within the range; null when not even the minimum */
  max: number | null;
  problem: TicketProblem | null;
}

export function ticketFigures(goods: Goods, seconds: number, amount: string, balance: string | null): TicketFigures {
  const option = goods.options.find((o) => o.seconds === seconds);
  const cents = parseAmount(amount);
  const feeBps = rateToBps(goods.feeRate) ?? 0;
  const payoutBps = option ? (rateToBps(option.payoutRate) ?? 0) : 0;
  const range = option
    ? amountRange(
        { minAmount: parseAmount(option.minAmount) ?? 0, maxAmount: parseAmount(option.maxAmount) ?? 0 },
        { singleMin: parseAmount(goods.limits.singleMin) ?? 0, singleMax: parseAmount(goods.limits.singleMax) ?? Infinity },
      )
    : null;
  const balanceCents = balance === null ? null : parseAmount(balance);
  let max: number | null = range ? range.max : null;
  if (range && balanceCents !== null) {
    // the fee rounds, so step down from the estimate until amount + fee fits
    let fit = Math.min(range.max, Math.floor((balanceCents * 10_000) / (10_000 + feeBps)));
    while (fit > 0 && fit + orderFee(fit, feeBps) > balanceCents) fit -= 1;
    max = fit >= Math.max(range.min, 1) ? fit : null;
  }
  return {
    cents,
    payoutPct: Math.round(payoutBps / 100),
    fee: cents === null ? null : orderFee(cents, feeBps),
    net: cents === null || !option ? null : expectedNetProfit(cents, payoutBps, feeBps),
    range,
    max,
    problem: range ? ticketProblem(cents, range, feeBps, balanceCents) : null,
  };
}

/** The next amount up or down the ladder 10, 20 … 100, 150 … 1000, 1100 …, kept within the range. */
export function stepAmount(cents: number | null, direction: 1 | -1, range: { min: number; max: number } | null): number {
  const current = cents ?? range?.min ?? 0;
  const step =
    (direction > 0 ? current : current - 1) < 10_000 ? 1_000 : (direction > 0 ? current : current - 1) < 100_000 ? 5_000 : 10_000;
  const next = direction > 0 ? Math.floor(current / step) * step + step : Math.ceil(current / step) * step - step;
  if (!range) return Math.max(next, 0);
  return Math.min(Math.max(next, range.min), range.max);
}
