// Only the parts of echarts the K-line uses, imported by name so the bundler keeps nothing else: the candlestick
// chart, the plain grid (no axis pointer: KlineChart draws its own crosshair), mark lines (price, entries,
// expiries) and the canvas renderer. No tooltip, no data zoom (zoom and pan are KlineChart's own gestures,
// which hand echarts only the candles on screen), no SVG renderer. The line chart (the line view and the study
// lines) is a chunk of its own, fetched only when the view needs it: the default view is candles alone.
import { CandlestickChart } from "echarts/charts";
import { GridSimpleComponent, MarkLineComponent } from "echarts/components";
import { type EChartsType, init, use as register } from "echarts/core";
import { CanvasRenderer } from "echarts/renderers";

register([CandlestickChart, GridSimpleComponent, MarkLineComponent, CanvasRenderer]);

let lineChart: Promise<void> | undefined;
let lineChartReady = false;
/** Whether line series can be drawn now. */
export const hasLineChart = () => lineChartReady;
/** Registers the line chart, fetching its code the first time. */
export function loadLineChart(): Promise<void> {
  lineChart ??= import("./echarts-line").then(() => {
    lineChartReady = true;
  });
  return lineChart;
}

export { type EChartsType, init };
