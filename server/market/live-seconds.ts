/** A price heard from a real source, converted for one product: when (seconds, fractional) and the price. */
export interface HeardPrice {
  time: number;
  price: number;
}

export interface LiveSeconds {
  ticks: Array<{ time: number; price: number }>;
  last?: HeardPrice;
  later: HeardPrice[];
}

export interface LiveSecondsInput {
  /** prices heard since the last round, oldest first */
  heard: HeardPrice[];
  /** the last price heard before them, if any */
  last?: HeardPrice;
  /** the last second already recorded (exclusive start) */
  from: number;
  /** the second to record up to (inclusive) */
  to: number;
  /** a price is carried forward at most this many seconds after it was heard */
  toleranceSeconds: number;
  /** the product's market is open at that second */
  isOpen: (time: number) => boolean;
}

/**
 * The seconds a real-fed product records: for each second, the last price heard at or before it (the last
 * trade is the market's price until the next one), as long as it was heard within the tolerance. Nothing is
 * invented: a second before the first price heard, or after the source fell silent for longer than the
 * tolerance, records no tick. Returns the ticks, the last price heard up to `to`, and what was heard after
 * `to` (kept for the next round).
 */
export function liveSeconds(input: LiveSecondsInput): LiveSeconds {
  const { heard, toleranceSeconds } = input;
  const ticks: Array<{ time: number; price: number }> = [];
  let last = input.last;
  let next = 0;
  const firstKnown = last ?? heard[0];
  if (!firstKnown) return { ticks, later: [] };
  for (let time = Math.max(input.from + 1, Math.floor(firstKnown.time)); time <= input.to; time++) {
    while (next < heard.length && Math.floor(heard[next]!.time) <= time) last = heard[next++];
    if (!last) continue;
    if (time - Math.floor(last.time) > toleranceSeconds) {
      // silent too long: skip ahead to the next price heard, if any
      if (next >= heard.length) break;
      time = Math.max(time, Math.floor(heard[next]!.time) - 1);
      continue;
    }
    if (input.isOpen(time)) ticks.push({ time, price: last.price });
  }
  while (next < heard.length && Math.floor(heard[next]!.time) <= input.to) last = heard[next++];
  return { ticks, last, later: heard.slice(next) };
}
