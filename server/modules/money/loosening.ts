import type { MoneySettings } from "./settings";

type Field = keyof MoneySettings;

/**
 * Whether changing one stored setting from `before` to `after` loosens a money control: lets more money out, in
 * or past review with fewer people. A field that is no control (the recharge notice, the recharge minimum)
 * never does. The window is judged as a whole below.
 */
const loosens: Partial<Record<Field, (before: number, after: number) => boolean>> = {
  withdrawMin: (before, after) => after < before,
  withdrawMax: (before, after) => after > before,
  withdrawFeeBps: (before, after) => after < before,
  dailyCount: (before, after) => after > before,
  rechargeApproveMax: (before, after) => after > before,
  payoutCapBps: (before, after) => after > before,
  // 0 switches the rule off: the loosest of all
  dualApprovalAbove: (before, after) => before !== 0 && (after === 0 || after > before),
  // a different rate favours one side of every exchange, whichever way it moves
  coinRate: (before, after) => after !== before,
};

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** A window that opens earlier or closes later, or in another time zone (its hours move), lets withdrawals in more. */
function windowLoosens(current: MoneySettings, change: Partial<MoneySettings>): boolean {
  const start = change.windowStart ?? current.windowStart;
  const end = change.windowEnd ?? current.windowEnd;
  const zoneMoved = change.timezone !== undefined && change.timezone !== current.timezone;
  return zoneMoved || minutes(start) < minutes(current.windowStart) || minutes(end) > minutes(current.windowEnd);
}

/** Switching the real-name rule for a first withdrawal off lets unidentified people take money out. */
const switchLoosens: Partial<Record<Field, (before: boolean, after: boolean) => boolean>> = {
  firstWithdrawalNeedsRealName: (before, after) => before && !after,
};

/** Splits a change into what applies now (tightening, or no control) and what waits for a second admin. */
export function splitByLoosening(
  current: MoneySettings,
  change: Partial<MoneySettings>,
): { now: Partial<MoneySettings>; later: Partial<MoneySettings> } {
  const now: Record<string, unknown> = {};
  const later: Record<string, unknown> = {};
  const windowFields: Field[] = ["windowStart", "windowEnd", "timezone"];
  const windowLater = windowLoosens(current, change);
  for (const [field, value] of Object.entries(change) as Array<[Field, MoneySettings[Field]]>) {
    if (value === current[field]) continue;
    const check = loosens[field];
    const switchCheck = switchLoosens[field];
    const isLoosening = windowFields.includes(field)
      ? windowLater
      : switchCheck !== undefined
        ? switchCheck(current[field] as boolean, value as boolean)
        : check !== undefined && check(current[field] as number, value as number);
    (isLoosening ? later : now)[field] = value;
  }
  return { now: now as Partial<MoneySettings>, later: later as Partial<MoneySettings> };
}
