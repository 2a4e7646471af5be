import type { Direction } from "#contract/trading";
import { orderOutcome } from "#contract/trading-math";

/** Open orders that settle on one tick: same product, same expiry. `count` orders share these figures. */
export interface OpenOrderGroup {
  direction: Direction;
  /** scaled price, as recorded */
  openPrice: number;
  amount: number;
  payoutBps: number;
  count: number;
}

/**
 * The most the platform can have to credit on orders that all settle on one price. An up order opened at 10
 * and a down order opened at 12 both win if the price settles at 11, so neither "if up wins" nor "if down wins"
 * is the worst case. What each order credits changes only at its own open price (win on one side, the stake
 * back on it, loss on the other), so the total is constant between two neighbouring open prices: trying every
 * open price, one tick either side of it, covers every interval of settle prices there is.
 */
export function worstCasePayout(groups: readonly OpenOrderGroup[]): { payout: number; settlePrice: number | null } {
  const candidates = new Set<number>();
  for (const group of groups) for (const price of [group.openPrice - 1, group.openPrice, group.openPrice + 1]) candidates.add(price);
  let worst = { payout: 0, settlePrice: null as number | null };
  for (const price of [...candidates].sort((a, b) => a - b)) {
    let payout = 0;
    for (const group of groups) {
      payout +=
        orderOutcome(
          { direction: group.direction, openPrice: group.openPrice, amountCents: group.amount, payoutBps: group.payoutBps },
          price,
        ).credit * group.count;
    }
    if (payout > worst.payout) worst = { payout, settlePrice: price };
  }
  return worst;
}
