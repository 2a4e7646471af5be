import type { MarketStatus } from "#contract/markets";

import { type WallTime, wallTime } from "./wall-time";

/**
 * Trading hours per calendar, from the instant's wall time in New York (so US daylight saving is right):
 * - fx24x5: Sunday 17:00 to Friday 17:00 New York time; the weekend is `closed`.
 * - cme_globex: like fx24x5 with a daily maintenance break 17:00–18:00 (`not_trading_time`).
 * - us_equity: Monday–Friday 09:30–16:00; other weekday hours `not_trading_time`; weekends and exchange
 *   holidays `closed`.
 * - crypto247: always open.
 */
export type Calendar = "fx24x5" | "cme_globex" | "us_equity" | "crypto247";

/** NYSE full-day holidays (New York dates). */
const US_EQUITY_HOLIDAYS = new Set([
  "2026-01-01",
  "2026-01-19",
  "2026-02-16",
  "2026-04-03",
  "2026-05-25",
  "2026-06-19",
  "2026-07-03",
  "2026-09-07",
  "2026-11-26",
  "2026-12-25",
  "2027-01-01",
  "2027-01-18",
  "2027-02-15",
  "2027-03-26",
  "2027-05-31",
  "2027-06-18",
  "2027-07-05",
  "2027-09-06",
  "2027-11-25",
  "2027-12-24",
]);

const newYorkTime = (unixSeconds: number) => wallTime(unixSeconds, "America/New_York");

const FIVE_PM = 17 * 60;

function weekOpen({ weekday, minutes }: WallTime): boolean {
  if (weekday === 6) return false; // Saturday
  if (weekday === 0) return minutes >= FIVE_PM; // Sunday evening opens the week
  if (weekday === 5) return minutes < FIVE_PM; // Friday 17:00 closes it
  return true;
}

export function marketStatus(calendar: Calendar, unixSeconds: number): MarketStatus {
  if (calendar === "crypto247") return "open";
  const wall = newYorkTime(unixSeconds);
  switch (calendar) {
    case "fx24x5":
      return weekOpen(wall) ? "open" : "closed";
    case "cme_globex":
      if (!weekOpen(wall)) return "closed";
      return wall.minutes >= FIVE_PM && wall.minutes < FIVE_PM + 60 ? "not_trading_time" : "open";
    case "us_equity":
      if (wall.weekday === 0 || wall.weekday === 6 || US_EQUITY_HOLIDAYS.has(wall.date)) return "closed";
      return wall.minutes >= 9 * 60 + 30 && wall.minutes < 16 * 60 ? "open" : "not_trading_time";
  }
}

/** Sessions open on the hour or the half hour (17:00, 18:00, 09:30 New York), so the next open is on one of those. */
const SLOT = 1800;
/** Looked ahead no further than this: past a long holiday weekend, but not forever for a calendar that never opens. */
const LOOK_AHEAD = 10 * 86_400;
const nextOpenCache = new Map<string, number | null>();

/**
 * The next moment the calendar's market opens after `unixSeconds` (Unix seconds), or null when it is open now
 * (or opens more than ten days on). Within a half hour the answer is the same, so it is kept per half hour.
 */
export function nextOpen(calendar: Calendar, unixSeconds: number): number | null {
  if (marketStatus(calendar, unixSeconds) === "open") return null;
  const slot = Math.floor(unixSeconds / SLOT) * SLOT;
  const key = `${calendar}:${slot}`;
  const known = nextOpenCache.get(key);
  if (known !== undefined) return known;
  let found: number | null = null;
  for (let time = slot + SLOT; time <= slot + LOOK_AHEAD; time += SLOT) {
    if (marketStatus(calendar, time) === "open") {
      found = time;
      break;
    }
  }
  if (nextOpenCache.size > 1000) nextOpenCache.clear();
  nextOpenCache.set(key, found);
  return found;
}
