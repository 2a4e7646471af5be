import { eq } from "drizzle-orm";

import { DEFAULT_PAYOUT_CAP_BPS } from "#contract/constants";

import type { Db } from "../../db/client";
import { settings } from "../../db/schema";
import { wallTime } from "../../market/wall-time";

/** The operator's money settings, kept in the settings table as one JSON document. */
export interface MoneySettings {
  /** cash per coin × 10^4 */
  coinRate: number;
  withdrawMin: number;
  withdrawMax: number;
  withdrawFeeBps: number;
  /** "HH:MM" in the platform time zone */
  windowStart: string;
  windowEnd: string;
  timezone: string;
  dailyCount: number;
  rechargeMin: number;
  rechargeNotice: string;
  /** cents: the largest recharge an operator may approve at all (above it, none may) */
  rechargeApproveMax: number;
  /** cents: a withdrawal or recharge above it needs two different operators' approvals; 0 turns the rule off */
  dualApprovalAbove: number;
  /**
   * basis points: the highest payout rate a settlement option may pay (below 1 always). `place_order`
   * (server/db/ledger.ts) reads it by this name from the stored document.
   */
  payoutCapBps: number;
  /**
   * A customer's first withdrawal needs a passed real-name check: money leaves only to someone identified, once.
   * After one approved withdrawal the check has done its job (an approval means an operator saw the person).
   */
  firstWithdrawalNeedsRealName: boolean;
}

const DEFAULT_MONEY_SETTINGS: MoneySettings = {
  coinRate: 5000,
  withdrawMin: 100_00,
  withdrawMax: 4999_00,
  withdrawFeeBps: 100,
  windowStart: "09:00",
  windowEnd: "21:00",
  timezone: "UTC",
  dailyCount: 3,
  rechargeMin: 100_00,
  rechargeNotice: "",
  rechargeApproveMax: 100_000_00,
  dualApprovalAbove: 0,
  payoutCapBps: DEFAULT_PAYOUT_CAP_BPS,
  firstWithdrawalNeedsRealName: true,
};

const KEY = "money";

export async function moneySettings(db: Db): Promise<MoneySettings> {
  const [row] = await db.select().from(settings).where(eq(settings.key, KEY)).limit(1);
  return row ? { ...DEFAULT_MONEY_SETTINGS, ...(JSON.parse(row.value) as Partial<MoneySettings>) } : DEFAULT_MONEY_SETTINGS;
}

export async function updateMoneySettings(db: Db, change: Partial<MoneySettings>): Promise<MoneySettings> {
  const next = { ...(await moneySettings(db)), ...change };
  await db
    .insert(settings)
    .values({ key: KEY, value: JSON.stringify(next) })
    .onConflictDoUpdate({ target: settings.key, set: { value: JSON.stringify(next) } });
  return next;
}

/** Minutes past midnight and the date, in the platform's time zone. */
export function platformClock(now: number, timezone: string): { date: string; minutes: number } {
  const { date, minutes } = wallTime(now, timezone);
  return { date, minutes };
}

export const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
