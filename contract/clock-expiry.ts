/**
 * Expiry at a clock time (docs/decisions.md "Expiry at a clock time"): besides a duration, an order can settle at
 * one of the next few minute boundaries. Client and server compute the offered list with this one function, the
 * client to show it and the server to check that the time asked for is one it offers at the moment it accepts.
 */

/** No order for a boundary opens in its last 30 seconds: the chip counts down to this cut-off. */
export const CLOCK_EXPIRY_CUTOFF_SECONDS = 30;

/** At most this many times are offered at once: they fit one row of chips on a phone. */
export const CLOCK_EXPIRY_COUNT = 6;

/** The first five boundaries are whole minutes; further out every fifth minute, then every fifteenth. */
const WHOLE_MINUTES = 5;
const FIVE_MINUTES_UNTIL = 15;

/**
 * The boundaries (Unix seconds, each a whole minute) an order placed at `now` may expire at: past the cut-off,
 * no further than the longest duration option, nearest first. E.g. at 14:34:10 with a 20-minute longest option:
 * 14:35, 14:36, 14:37, 14:38, 14:39, 14:40; with 5 minutes: 14:35 … 14:39.
 */
export function clockExpiries(now: number, longestSeconds: number): number[] {
  const first = Math.ceil((now + CLOCK_EXPIRY_CUTOFF_SECONDS) / 60) * 60;
  const offered: number[] = [];
  for (let boundary = first; boundary - now <= longestSeconds && offered.length < CLOCK_EXPIRY_COUNT; boundary += 60) {
    const minutesOut = (boundary - first) / 60;
    const step = minutesOut < WHOLE_MINUTES ? 1 : minutesOut < FIVE_MINUTES_UNTIL ? 5 : 15;
    if ((boundary / 60) % step === 0) offered.push(boundary);
  }
  return offered;
}

/** Seconds left to buy for `expiresAt` at `now` (zero once its cut-off has passed). */
export const secondsToCutoff = (expiresAt: number, now: number) => Math.max(0, expiresAt - CLOCK_EXPIRY_CUTOFF_SECONDS - now);

/**
 * The duration option whose payout rate and amount limits a clock-time order takes: the shortest option not
 * shorter than the time left, so the rate is the one a duration order covering that time would get (a
 * boundary 95 s away pays the 180 s option's rate when the options are 30, 60, 180 and 300 s). Undefined when
 * the time left is beyond every option.
 */
export function clockExpiryOption<T extends { seconds: number }>(options: readonly T[], secondsLeft: number): T | undefined {
  let chosen: T | undefined;
  for (const option of options) if (option.seconds >= secondsLeft && (!chosen || option.seconds < chosen.seconds)) chosen = option;
  return chosen;
}
