import { useLingui } from "@lingui/react/macro";

import { formatOpening, useAmountFormat, usePercentFormat } from "@/i18n/format";
import type { MarketStatus } from "#contract/markets";

/** Market status as words: open, closed, not trading time; while not trading, when it opens ("Closed · opens Mon 00:00"). */
export function StatusBadge({ status, opensAt }: { status: MarketStatus; opensAt?: number | null }) {
  const { t, i18n } = useLingui();
  const label = { open: t`Open`, closed: t`Closed`, not_trading_time: t`Not trading time` }[status];
  const when = status !== "open" && opensAt ? formatOpening(opensAt, i18n.locale) : null;
  return (
    <span className={`status status-${status}`} data-opens={when === null ? undefined : opensAt}>
      {when === null ? label : `${label} · ${t`opens ${when}`}`}
    </span>
  );
}

/**
 * A change with its sign and an arrow, so colour is never the only signal of up or down. The direction follows the
 * figure as shown: a move that rounds to 0.00 % is flat, never a red "▼ -0.00 %". The percentage is in the language's form ("+1,23 %" in de).
 */
export function ChangeText({ pct }: { pct: number }) {
  const percent = usePercentFormat();
  const shown = Number(pct.toFixed(2));
  const direction = shown > 0 ? "up" : shown < 0 ? "down" : "flat";
  const arrow = shown > 0 ? "▲" : shown < 0 ? "▼" : "•";
  return (
    <span className={`change change-${direction}`}>
      <span aria-hidden="true">{arrow} </span>
      {percent(shown / 100, { decimals: 2, minDecimals: 2, signed: true })}
    </span>
  );
}

export const changePct = (price: string, prevClose: string) => {
  const previous = Number(prevClose);
  return previous > 0 ? ((Number(price) - previous) / previous) * 100 : 0;
};

/** Money with its sign, for profit and loss, grouped for the active language: "+80.00", "-1,000.00" ("-1.000,00" in de). */
export function SignedMoney({ cents }: { cents: number }) {
  const amount = useAmountFormat();
  const sign = cents > 0 ? "+" : cents < 0 ? "-" : "";
  const text = `${sign}${amount(Math.abs(cents) / 100)}`;
  return <span className={`change change-${cents > 0 ? "up" : cents < 0 ? "down" : "flat"}`}>{text}</span>;
}
