import { useLingui } from "@lingui/react/macro";

import type { Period } from "#contract/markets";

import type { NumericCandle } from "./candles";
import { timeLabel } from "./chart-scene";

/** The crosshair at a candle: a line through its middle, one at the finger's height with the price there. */
export function ChartCrosshair({
  x,
  y,
  price,
  time,
  period,
}: {
  x: number;
  y: number | null;
  price: string;
  time: number;
  period: Period;
}) {
  return (
    <div className="tr-crosshair" data-testid="kline-crosshair" aria-hidden="true">
      <span className="tr-crosshair-x" style={{ transform: `translateX(${x}px)` }} />
      {y !== null && (
        <>
          <span className="tr-crosshair-y" style={{ transform: `translateY(${y}px)` }} />
          <span className="tr-crosshair-price" style={{ transform: `translateY(${y}px)` }}>
            {price}
          </span>
        </>
      )}
      <span className="tr-crosshair-time" style={{ transform: `translateX(${x}px)` }}>
        {timeLabel(time, period)}
      </span>
    </div>
  );
}

/**
 * The open, high, low and close of the candle under the crosshair (the live candle otherwise), over the top
 * of the chart. Text rather than a tooltip drawn on the canvas: screen readers can read it. Its time is for
 * them only: the crosshair labels the time on the time axis, and the live candle's is now.
 */
export function CandleReadout({
  candle: [time, open, high, low, close],
  period,
  precision,
  pointed,
}: {
  candle: NumericCandle;
  period: Period;
  precision: number;
  pointed: boolean;
}) {
  const { t } = useLingui();
  const price = (value: number) => value.toFixed(precision);
  return (
    <p
      className={`kline-readout tr-readout ${close >= open ? "up" : "down"}${pointed ? " tr-readout-pointed" : ""}`}
      data-testid="kline-readout"
      data-time={time}
    >
      <span className="visually-hidden">{timeLabel(time, period)}</span>
      <span>{t`O ${price(open)}`}</span>
      <span>{t`H ${price(high)}`}</span>
      <span>{t`L ${price(low)}`}</span>
      <span>{t`C ${price(close)}`}</span>
    </p>
  );
}
