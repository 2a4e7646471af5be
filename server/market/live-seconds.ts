import type { LiveTrade } from "./live-outliers";
import { LATE_FILL_SECONDS, tradeSecond } from "./live-rules";

export interface LiveSeconds {
  ticks: Array<{ time: number; price: number }>;
  /** trades of seconds after `to`, kept for the next round */
  later: LiveTrade[];
}

export interface LiveSecondsInput {
  /** the trades accepted since the last round, in the order they came (exchange time in ms, scaled price) */
  heard: LiveTrade[];
  /** the last second already recorded (exclusive start) */
  from: number;
  /** the second to record up to (inclusive) */
  to: number;
  /** the product's market is open at that second */
  isOpen: (time: number) => boolean;
}

/**
 * The seconds a real-fed product records: each second in which a trade was made (by the exchange's clock)
 * records the last of them; a second without a trade records nothing. The last price is never carried into
 * a second nobody traded in: such a tick would look fresh to every quote, order and settlement while the
 * stream may be dead. A trade of a second already recorded, or more than LATE_FILL_SECONDS behind `to`, came
 * too late and is dropped (ticks are facts, never rewritten); one of a second after `to` waits for the next round.
 */
export function liveSeconds(input: LiveSecondsInput): LiveSeconds {
  const last = new Map<number, LiveTrade>();
  const later: LiveTrade[] = [];
  for (const trade of input.heard) {
    const second = tradeSecond(trade.time);
    if (second > input.to) later.push(trade);
    else if (second > Math.max(input.from, input.to - LATE_FILL_SECONDS) && trade.time >= (last.get(second)?.time ?? -Infinity))
      last.set(second, trade);
  }
  const ticks = [...last]
    .filter(([second]) => input.isOpen(second))
    .sort(([a], [b]) => a - b)
    .map(([time, trade]) => ({ time, price: trade.price }));
  return { ticks, later };
}
