import type { Direction, OrderResult } from "./markets";
import { applyRate } from "./money";

/**
 * The settlement rules (docs/architecture.md), one implementation for the ticket's preview and the server's settlement.
 * Win: the close is strictly beyond the open in the chosen direction; equal prices are a tie.
 */
export function orderResult(direction: Direction, openPrice: number, closePrice: number): OrderResult {
  if (closePrice === openPrice) return "tie";
  const rose = closePrice > openPrice;
  return rose === (direction === "up") ? "win" : "loss";
}

/** Fee charged on top of the stake when the order opens. */
export const orderFee = (amountCents: number, feeBps: number) => applyRate(amountCents, feeBps);

/** Profit if the order wins (the stake comes back too). */
export const expectedProfit = (amountCents: number, payoutBps: number) => applyRate(amountCents, payoutBps);

/** Cash credited at settlement: stake + profit on a win, the stake on a tie, nothing on a loss. */
export function settlementCredit(result: OrderResult, amountCents: number, payoutBps: number): number {
  if (result === "win") return amountCents + expectedProfit(amountCents, payoutBps);
  if (result === "tie") return amountCents;
  return 0;
}

/** Result as the user sees it: credit minus stake (the fee was shown and paid at opening). */
export const orderProfit = (result: OrderResult, amountCents: number, payoutBps: number) =>
  settlementCredit(result, amountCents, payoutBps) - amountCents;
