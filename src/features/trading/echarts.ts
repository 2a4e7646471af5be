// Only the parts of echarts the K-line uses, imported by name so the bundler keeps nothing else: the candlestick
// chart, the plain grid (no axis pointer: KlineChart draws its own crosshair), mark lines (price, entries,
// expiries) and the canvas renderer. No tooltip, no data zoom (zoom and pan are KlineChart's own gestures,
// which hand echarts only the candles on screen), no SVG renderer, and no line chart: the line view and the
// study lines are a few polylines on a canvas of their own (line-layer.ts).
import { CandlestickChart } from "echarts/charts";
import { GridSimpleComponent, MarkLineComponent } from "echarts/components";
import { type EChartsType, init, use as register } from "echarts/core";
import { CanvasRenderer } from "echarts/renderers";

register([CandlestickChart, GridSimpleComponent, MarkLineComponent, CanvasRenderer]);

export { type EChartsType, init };
