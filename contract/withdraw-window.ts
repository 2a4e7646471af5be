/** The daily withdrawal window ("09:00-21:00" in the platform's time zone): is it open now, and when it opens next. */

const DAY = 86_400;

/** Seconds past midnight on the platform's clock at `now` (Unix seconds). */
function platformSecondOfDay(now: number, timezone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", { timeZone: timezone, hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" })
      .formatToParts(new Date(now * 1000))
      .map((part) => [part.type, part.value]),
  );
  return Number(parts.hour) * 3600 + Number(parts.minute) * 60 + Number(parts.second);
}

const secondsOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 3600 + Number(hhmm.slice(3, 5)) * 60;

/** The instant near `guess` at which the platform clock reads `target` seconds past midnight (a DST shift moves it). */
function atPlatformTime(guess: number, target: number, timezone: string): number {
  let drift = target - platformSecondOfDay(guess, timezone);
  if (drift > DAY / 2) drift -= DAY;
  if (drift < -DAY / 2) drift += DAY;
  return guess + drift;
}

export interface WindowState {
  open: boolean;
  /** when the open window closes (open) or the next one opens (closed), Unix seconds */
  closesAt: number | null;
  opensAt: number | null;
}

/**
 * Open when the platform clock is at or after the start and before the end, as the server checks a withdrawal;
 * otherwise the next opening is today's start (before it) or tomorrow's (after the end).
 */
export function withdrawWindow(window: string, timezone: string, now: number): WindowState | null {
  const match = /^(\d{2}:\d{2})-(\d{2}:\d{2})$/.exec(window);
  if (!match) return null;
  const start = secondsOf(match[1]!);
  const end = secondsOf(match[2]!);
  let second: number;
  try {
    second = platformSecondOfDay(now, timezone);
  } catch {
    return null;
  }
  const midnight = now - second;
  if (second >= start && second < end) return { open: true, closesAt: atPlatformTime(midnight + end, end, timezone), opensAt: null };
  const nextStart = second < start ? midnight + start : midnight + DAY + start;
  return { open: false, closesAt: null, opensAt: atPlatformTime(nextStart, start, timezone) };
}
