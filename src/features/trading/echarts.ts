// Only the parts of echarts the K-line uses (no tooltip: KlineChart prints the pointed candle as text), so the
// chart chunk stays small. The line chart draws the line view and the studies (moving average, Bollinger bands).
import { CandlestickChart, LineChart } from "echarts/charts";
import { DataZoomInsideComponent, GridComponent, MarkLineComponent } from "echarts/components";
import * as echarts from "echarts/core";
import { CanvasRenderer } from "echarts/renderers";

echarts.use([CandlestickChart, LineChart, GridComponent, DataZoomInsideComponent, MarkLineComponent, CanvasRenderer]);

export { echarts };
