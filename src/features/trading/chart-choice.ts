import { useCallback, useEffect, useState } from "react";

import { type ChartType, NO_STUDIES, type Studies } from "./chart-scene";

/** The chart type and studies the customer picked: kept on the device, the same for every product. */
export interface ChartChoice {
  chartType: ChartType;
  studies: Studies;
}

const VIEW_KEY = "trade-chart-view";

function readChoice(): ChartChoice {
  try {
    const saved = JSON.parse(localStorage.getItem(VIEW_KEY) ?? "{}") as Partial<{ chartType: ChartType } & Studies>;
    return {
      chartType: saved.chartType === "line" ? "line" : "candles",
      studies: { ma: saved.ma === true, boll: saved.boll === true, rsi: saved.rsi === true, macd: saved.macd === true },
    };
  } catch {
    return { chartType: "candles", studies: NO_STUDIES };
  }
}

/** The chart choice, read once and written back on every change. */
export function useChartChoice() {
  const [choice, setChoice] = useState(readChoice);
  useEffect(() => {
    try {
      localStorage.setItem(VIEW_KEY, JSON.stringify({ chartType: choice.chartType, ...choice.studies }));
    } catch {
      // storage refused: the choice lasts for this visit
    }
  }, [choice]);
  // the same functions on every render: the chart tools (memoised) are then left alone by each tick
  const toggleStudy = useCallback(
    (key: keyof Studies) => setChoice((v) => ({ ...v, studies: { ...v.studies, [key]: !v.studies[key] } })),
    [],
  );
  const toggleChartType = useCallback(() => setChoice((v) => ({ ...v, chartType: v.chartType === "line" ? "candles" : "line" })), []);
  return { choice, toggleStudy, toggleChartType };
}
