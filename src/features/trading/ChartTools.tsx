import { useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { memo, useRef } from "react";

import { type Period, PERIODS } from "#contract/markets";

import type { ChartChoice } from "./chart-choice";
import type { Studies } from "./chart-scene";
import type { DrawingKind } from "./drawings";
import { useScrollRow } from "./use-scroll-row";

interface Props {
  pid: number;
  period: Period;
  choice: ChartChoice;
  onChartType: () => void;
  onStudy: (key: keyof Studies) => void;
  /** the drawing tool chosen (the next taps on the chart draw with it), or none */
  tool: DrawingKind | null;
  onTool: (tool: DrawingKind | null) => void;
}

/**
 * Above the chart: the period chips (each a link, so the period is in the address) on a row of their own, so all
 * six fit at 320 px, and the view switches (line or candles, the studies) on the row below.
 */
export const ChartTools = memo(function ChartTools({ pid, period, choice, onChartType, onStudy, tool, onTool }: Props) {
  const { t } = useLingui();
  // the chart's own short forms (a context of their own): six of them fit one row at 320 px in every language
  const periodLabels: Record<Period, string> = {
    "1m": t({ message: "1m", context: "chart period" }),
    "5m": t({ message: "5m", context: "chart period" }),
    "15m": t({ message: "15m", context: "chart period" }),
    "30m": t({ message: "30m", context: "chart period" }),
    "1h": t({ message: "1h", context: "chart period" }),
    "1d": t({ message: "1d", context: "chart period" }),
  };
  const periodsRow = useRef<HTMLElement>(null);
  useScrollRow(periodsRow, period);
  const line = choice.chartType === "line";
  return (
    <div className="tr-tools">
      <nav className="tr-periods" aria-label={t`Chart period`} ref={periodsRow}>
        {PERIODS.map((p) => (
          <Link
            key={p}
            to="/pages/trade/trade"
            search={{ pid, period: p }}
            replace
            className="tr-chip"
            aria-current={p === period ? "true" : undefined}
          >
            {periodLabels[p]}
          </Link>
        ))}
      </nav>
      <div className="tr-view" role="group" aria-label={t`Chart type`}>
        <button
          type="button"
          className="tr-chip"
          aria-pressed={line}
          onClick={onChartType}
          aria-label={line ? t`Candles` : t`Line`}
          title={line ? t`Candles` : t`Line`}
          data-testid="chart-type"
        >
          {line ? <CandlesIcon /> : <LineIcon />}
        </button>
        <button type="button" className="tr-chip" aria-pressed={choice.studies.ma} onClick={() => onStudy("ma")} title={t`Moving average`}>
          MA
        </button>
        <button
          type="button"
          className="tr-chip"
          aria-pressed={choice.studies.boll}
          onClick={() => onStudy("boll")}
          title={t`Bollinger bands`}
        >
          BOLL
        </button>
        <button
          type="button"
          className="tr-chip"
          aria-pressed={choice.studies.rsi}
          onClick={() => onStudy("rsi")}
          title={t`Relative strength index (14)`}
        >
          RSI
        </button>
        <button
          type="button"
          className="tr-chip"
          aria-pressed={choice.studies.macd}
          onClick={() => onStudy("macd")}
          title={t`MACD (12, 26, 9)`}
        >
          MACD
        </button>
      </div>
      <div className="tr-view" role="group" aria-label={t`Draw`}>
        <button
          type="button"
          className="tr-chip"
          aria-pressed={tool === "hline"}
          onClick={() => onTool(tool === "hline" ? null : "hline")}
          aria-label={t`Horizontal line`}
          title={t`Horizontal line`}
          data-testid="draw-hline"
        >
          <HorizontalLineIcon />
        </button>
        <button
          type="button"
          className="tr-chip"
          aria-pressed={tool === "trend"}
          onClick={() => onTool(tool === "trend" ? null : "trend")}
          aria-label={t`Trend line`}
          title={t`Trend line`}
          data-testid="draw-trend"
        >
          <TrendLineIcon />
        </button>
      </div>
    </div>
  );
});

const HorizontalLineIcon = () => (
  <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true" fill="currentColor" stroke="currentColor" strokeWidth="1.6">
    <path d="M1 9 H17" />
    <circle cx="9" cy="9" r="2" stroke="none" />
  </svg>
);
const TrendLineIcon = () => (
  <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true" fill="currentColor" stroke="currentColor" strokeWidth="1.6">
    <path d="M3 15 L15 3" />
    <circle cx="3" cy="15" r="2" stroke="none" />
    <circle cx="15" cy="3" r="2" stroke="none" />
  </svg>
);
const LineIcon = () => (
  <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.6">
    <path d="M1 13 L6 8 L10 11 L17 3" />
  </svg>
);
const CandlesIcon = () => (
  <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true" fill="currentColor" stroke="currentColor" strokeWidth="1.2">
    <path d="M5 2 V16 M13 2 V16" fill="none" />
    <rect x="3" y="5" width="4" height="7" />
    <rect x="11" y="7" width="4" height="5" />
  </svg>
);
