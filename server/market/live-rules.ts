/**
 * The rules a price from a real exchange must pass before the feed records it, orders open at it or an order
 * settles on it (docs/decisions.md, "A real exchange's price is a trade heard, in its own second").
 */

/**
 * A real-fed product is fresh only while its newest recorded trade second is the current second or the one
 * before: the last trade is then at most two seconds old. One second of slack, not zero, because the recorder
 * writes each second just after it ends (the job round at :020) and a follower hears it a moment later; a
 * liquid symbol trades many times a second, so anything older means the stream has stopped, and an order
 * opened then would be priced by a market that has moved on without us (the review's frozen-price wins).
 * The same rule on every process: a follower sees only recorded ticks, and no tick is recorded for a second
 * without a trade, so the age of the newest tick is the age of the last trade heard.
 */
export const LIVE_QUOTE_MAX_AGE_SECONDS = 1;

/**
 * A trade whose exchange time is this much older than the moment it reached us is ignored: it describes a
 * market that has moved on, and the seconds it belongs to are (or are about to be) recorded without it.
 */
const MAX_TRADE_DELAY_MS = 2000;

/** A trade dated further than this ahead of our clock is ignored: clocks synchronised by NTP differ by far less. */
const MAX_TRADE_CLOCK_SKEW_MS = 500;

/**
 * A trade further than this from the recent price (the median of the last accepted trades) is an outlier:
 * 5 % is more than a liquid market moves between two trades, and far less than the -50 % print the review
 * settled orders on.
 */
export const OUTLIER_BAND_BPS = 500;

/** How many of the last accepted trades make the recent price (their median): one wild trade cannot move it. */
export const OUTLIER_WINDOW = 7;

/**
 * A move beyond the band is real when this many trades in a row, agreeing with each other within the band and
 * spanning at least CONFIRM_SPAN_MS of exchange time, say so: a crash or a rally keeps trading at its new level,
 * while a single wild print, or a burst of fills of one order in one instant, does not.
 */
export const CONFIRM_TRADES = 3;
export const CONFIRM_SPAN_MS = 1000;

/**
 * A second this far behind the one being recorded is closed for good: a trade for it (one that reached us late,
 * or a held trade a move confirmed later) is dropped rather than recorded. Well inside settlement's 10 s grace,
 * so an order settled from what was recorded at or before its expiry never sees a tick appear there afterwards.
 */
export const LATE_FILL_SECONDS = 3;

/**
 * The second a trade belongs to: the one it had happened by. The tick at second S is the last trade at or
 * before S (exchange time in (S-1, S]), so an order expiring at S is never closed by a trade made after it.
 */
export const tradeSecond = (timeMs: number): number => Math.ceil(timeMs / 1000);

/** Why a trade's exchange time is not believed on arrival, or null when it is. */
export function tradeTimeRefusal(timeMs: number, arrivedMs: number): string | null {
  if (arrivedMs - timeMs > MAX_TRADE_DELAY_MS) return `${((arrivedMs - timeMs) / 1000).toFixed(1)} s old`;
  if (timeMs - arrivedMs > MAX_TRADE_CLOCK_SKEW_MS) return `${((timeMs - arrivedMs) / 1000).toFixed(1)} s ahead of our clock`;
  return null;
}
