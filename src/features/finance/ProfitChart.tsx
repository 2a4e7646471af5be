import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { LineChart } from "echarts/charts";
// the plain grid: with no tooltip, GridComponent's axis pointer would be code that never runs
import { GridSimpleComponent } from "echarts/components";
import ReactEChartsCore from "echarts-for-react/esm/core";

import { echartsCore, registerEcharts } from "@/ui/echarts-core";
registerEcharts([LineChart, GridSimpleComponent]);

/** Cumulative profit day by day for one subscription; loaded lazily with the finance page. */
export default function ProfitChart({ points }: { points: Array<[number, string]> }) {
  const { t } = useLingui();
  const option = {
    animation: false,
    grid: { left: 40, right: 12, top: 12, bottom: 24 },
    xAxis: { type: "category", data: points.map(([day]) => String(day)), axisLabel: { color: "#a9b4c6" } },
    yAxis: { type: "value", axisLabel: { color: "#a9b4c6" }, splitLine: { lineStyle: { color: "#26334a" } } },
    series: [{ type: "line", data: points.map(([, profit]) => Number(profit)), color: "#2ebd85", areaStyle: { opacity: 0.15 } }],
  };
  const last = points.at(-1);
  return (
    <div
      role="img"
      aria-label={t`Profit by day: ${last ? last[1] : "0.00"} U after ${plural(last ? last[0] : 0, { one: "# day", other: "# days" })}`}
    >
      <ReactEChartsCore echarts={echartsCore} option={option} style={{ height: 160 }} />
    </div>
  );
}
