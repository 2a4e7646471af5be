import { BarChart, LineChart } from "echarts/charts";
import { GridComponent, LegendComponent, TooltipComponent } from "echarts/components";
import { init, use as registerEcharts } from "echarts/core";
import { CanvasRenderer } from "echarts/renderers";
import { useEffect, useRef } from "react";

import type { HistoryDay } from "#contract/dashboard-history";

import { type HistoryChartLabels, historyChartOption } from "./history-chart";

// only the two series and three components the chart draws: the console loads this file on the dashboard alone
registerEcharts([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** The dashboard history's chart; the table beside it carries the same figures for reading and for screen readers. */
export default function HistoryChart({ rows, labels, title }: { rows: HistoryDay[]; labels: HistoryChartLabels; title: string }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!host.current) return;
    const chart = init(host.current);
    chart.setOption(historyChartOption(rows, labels));
    const resize = () => chart.resize();
    window.addEventListener("resize", resize);
    return () => {
      window.removeEventListener("resize", resize);
      chart.dispose();
    };
  }, [rows, labels]);
  return <div ref={host} className="history-chart" role="img" aria-label={title} data-testid="history-chart" />;
}
