import { useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useRef } from "react";

import { type Period, PERIODS } from "#contract/markets";

import type { ChartChoice } from "./chart-choice";
import type { Studies } from "./chart-scene";
import { useScrollRow } from "./use-scroll-row";

interface Props {
  pid: number;
  period: Period;
  choice: ChartChoice;
  onChartType: () => void;
  onStudy: (key: keyof Studies) => void;
}

/** Above the chart: the period chips (each a link, so the period is in the address) and the view switches. */
export function ChartTools({ pid, period, choice, onChartType, onStudy }: Props) {
  const { t } = useLingui();
  const periodLabels: Record<Period, string> = { "1m": t`1m`, "5m": t`5m`, "15m": t`15m`, "30m": t`30m`, "1h": t`1h`, "1d": t`1d` };
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
      </div>
    </div>
  );
}

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
