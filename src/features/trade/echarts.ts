// Only the parts of echarts the K-line uses, so the trade chunk stays small (issue 3: ≤ 180 KB gzip).
import { CandlestickChart } from "echarts/charts";
import { DataZoomInsideComponent, GridComponent, MarkLineComponent, TooltipComponent } from "echarts/components";
import * as echarts from "echarts/core";
import { CanvasRenderer } from "echarts/renderers";

echarts.use([CandlestickChart, GridComponent, TooltipComponent, DataZoomInsideComponent, MarkLineComponent, CanvasRenderer]);

export { echarts };
