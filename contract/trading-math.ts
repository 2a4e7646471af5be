import { applyRate } from "./money";
import type { Direction, OrderResult } from "./trading";

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

/**
 * What an order comes to if it closes at `closePrice` (a scaled price, as `openPrice`): its result, the cash
 * credited and the profit (credit minus stake). The settlement books it at the close; a holding order's live
 * figure asks it at the latest price.
 */
export function orderOutcome(
  order: { direction: Direction; openPrice: number; amountCents: number; payoutBps: number },
  closePrice: number,
): { result: OrderResult; credit: number; profit: number } {
  const result = orderResult(order.direction, order.openPrice, closePrice);
  const credit = settlementCredit(result, order.amountCents, order.payoutBps);
  return { result, credit, profit: credit - order.amountCents };
}

/** Result as the user sees it: credit minus stake (the fee was shown and paid at opening). */
export const orderProfit = (result: OrderResult, amountCents: number, payoutBps: number) =>
  settlementCredit(result, amountCents, payoutBps) - amountCents;

/** What the balance gains if the order wins: the payout minus the fee paid at opening. */
export const expectedNetProfit = (amountCents: number, payoutBps: number, feeBps: number) =>
  expectedProfit(amountCents, payoutBps) - orderFee(amountCents, feeBps);

/**
 * The net change of the balance an order made: the result (credit minus stake) minus the fee paid at opening.
 * A tie is minus the fee, a loss minus stake and fee.
 */
export const netOrderChange = (profitCents: number, feeCents: number) => profitCents - feeCents;

/** The amounts one order may take, both ends inclusive: the tighter of the settlement time's and the product's limits. */
export function amountRange(
  option: { minAmount: number; maxAmount: number },
  product: { singleMin: number; singleMax: number },
): { min: number; max: number } {
  return { min: Math.max(option.minAmount, product.singleMin), max: Math.min(option.maxAmount, product.singleMax) };
}

export type TicketProblem =
  | { kind: "amount_invalid" }
  | { kind: "amount_too_small"; min: number }
  | { kind: "amount_too_large"; max: number }
  | { kind: "balance_insufficient"; needed: number; balance: number };

/**
 * The rule an amount breaks before it is sent, checked in the server's order: a positive amount of cents, within
 * the inclusive range (zero is below any minimum), and amount + fee covered by the balance (when it is known). Null when the order may go.
 */
export function ticketProblem(
  amountCents: number | null,
  range: { min: number; max: number },
  feeBps: number,
  balanceCents: number | null,
): TicketProblem | null {
  if (amountCents === null) return { kind: "amount_invalid" };
  if (amountCents < Math.max(range.min, 1)) return { kind: "amount_too_small", min: range.min };
  if (amountCents > range.max) return { kind: "amount_too_large", max: range.max };
  const needed = amountCents + orderFee(amountCents, feeBps);
  if (balanceCents !== null && needed > balanceCents) return { kind: "balance_insufficient", needed, balance: balanceCents };
  return null;
}
