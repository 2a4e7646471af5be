import { useLingui } from "@lingui/react/macro";
import { type ReactNode, useRef } from "react";

import { useClockFormats } from "@/i18n/clock-time";
import { useDurationFormat } from "@/ui/time-format";
import { secondsToCutoff } from "#contract/clock-expiry";
import type { SecondsOption } from "#contract/markets";

import type { ExpiryMode } from "./use-clock-expiry";
import { useScrollRow } from "./use-scroll-row";

/**
 * A duration on a chip: Intl joins the number and its unit with a no-break space (fr "30 s", "1 min"), which
 * a narrow chip cannot wrap and so cuts off; a plain space lets "1 / min" go on two lines there instead. Where
 * the unit follows without a space (zh "1分钟"), a <wbr> offers the same break without changing the text.
 */
function chipText(text: string): ReactNode {
  const spaced = text.replace(/[\u00a0\u202f]/g, " ");
  const [, number, unit] = /^(\d+)(\D.*)$/.exec(spaced) ?? [];
  if (!number || !unit || unit.startsWith(" ")) return spaced;
  return (
    <>
      {number}
      <wbr />
      {unit}
    </>
  );
}

interface Props {
  options: SecondsOption[];
  seconds: number;
  onSeconds: (seconds: number) => void;
  mode: ExpiryMode;
  onMode: (mode: ExpiryMode) => void;
  /** the clock times offered now (Unix seconds) and the one chosen */
  times: number[];
  expiresAt: number | null;
  onTime: (expiresAt: number) => void;
  /** the server's clock in whole seconds: each time's chip counts down to its cut-off */
  now: number;
}

/**
 * The settlement time on the ticket: Duration (the product's options) or Time (the next minute boundaries in
 * the device's time zone), as the commercial apps offer both. A time's chip shows how long it can still be
 * bought; the row scrolls sideways when the bar is too narrow for every chip.
 */
export function ExpiryPicker({ options, seconds, onSeconds, mode, onMode, times, expiresAt, onTime, now }: Props) {
  const { t } = useLingui();
  const { clockTime, minutesSeconds } = useClockFormats();
  const duration = useDurationFormat();
  const row = useRef<HTMLDivElement>(null);
  useScrollRow(row, `${mode}:${expiresAt ?? seconds}`);
  return (
    <fieldset className="tr-expiry" aria-label={t`Settlement time`}>
      <legend className="tr-expiry-modes">
        <button type="button" className="tr-mode" aria-pressed={mode === "duration"} onClick={() => onMode("duration")}>
          {t`Duration`}
        </button>
        <button
          type="button"
          className="tr-mode"
          aria-pressed={mode === "time"}
          onClick={() => onMode("time")}
          data-testid="expiry-time-mode"
        >
          {t`Time`}
        </button>
      </legend>
      <div className="tr-expiry-options" ref={row} data-mode={mode}>
        {mode === "duration"
          ? options.map((o) => (
              <button
                key={o.seconds}
                type="button"
                className="tr-chip"
                aria-pressed={o.seconds === seconds}
                onClick={() => onSeconds(o.seconds)}
              >
                {chipText(duration(o.seconds))}
              </button>
            ))
          : times.map((at) => {
              const time = clockTime(at);
              const left = minutesSeconds(secondsToCutoff(at, now));
              return (
                <button
                  key={at}
                  type="button"
                  className="tr-chip tr-time-chip"
                  aria-pressed={at === expiresAt}
                  // the row scrolls the current chip into view (use-scroll-row.ts)
                  aria-current={at === expiresAt ? "true" : undefined}
                  aria-label={t`${time}, ${left} left to buy`}
                  data-expires-at={at}
                  onClick={() => onTime(at)}
                >
                  <span className="tr-time">{time}</span>
                  <span className="tr-time-left">{left}</span>
                </button>
              );
            })}
      </div>
    </fieldset>
  );
}
