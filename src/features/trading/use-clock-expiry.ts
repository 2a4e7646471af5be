import { useMemo, useState } from "react";

import { clockExpiries, clockExpiryOption } from "#contract/clock-expiry";
import type { Goods } from "#contract/markets";

/** How the customer gives the settlement time: as a duration option or as a clock time. */
export type ExpiryMode = "duration" | "time";

/**
 * The ticket's expiry at a clock time: the boundaries offered at the server's `second` (the list the server
 * checks against, contract/clock-expiry.ts), the one chosen, and the duration option whose rate and limits it
 * takes. A chosen time whose cut-off passes gives way to the next one offered, so the ticket never shows a
 * time the server would refuse.
 */
export function useClockExpiry(goods: Goods, second: number) {
  const [mode, setMode] = useState<ExpiryMode>("duration");
  const [chosen, setChosen] = useState<number | null>(null);
  const longest = Math.max(0, ...goods.options.map((option) => option.seconds));
  const times = useMemo(() => clockExpiries(second, longest), [second, longest]);
  const expiresAt = mode === "time" ? (chosen !== null && times.includes(chosen) ? chosen : (times[0] ?? null)) : null;
  // the rate the server will take: the shortest option not shorter than the time left
  const rateSeconds = expiresAt === null ? null : (clockExpiryOption(goods.options, expiresAt - second)?.seconds ?? null);
  return { mode, setMode, times, expiresAt, rateSeconds, choose: setChosen };
}

export type ClockExpiry = ReturnType<typeof useClockExpiry>;
