// Only the parts of echarts the K-line uses (no tooltip: KlineChart prints the pointed candle as text), so the
// trade screen stays within its budget (scripts/size-budgets.json). The line chart (line view, studies) comes
// later from line-chart.ts.
import { CandlestickChart } from "echarts/charts";
import { DataZoomInsideComponent, GridComponent, MarkLineComponent } from "echarts/components";
import * as echarts from "echarts/core";
import { CanvasRenderer } from "echarts/renderers";

echarts.use([CandlestickChart, GridComponent, DataZoomInsideComponent, MarkLineComponent, CanvasRenderer]);

export { echarts };
