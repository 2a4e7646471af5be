// Only the parts of echarts the K-line uses, imported by name so the bundler keeps nothing else: the candlestick
// chart, the plain grid (no axis pointer: KlineChart draws its own crosshair) and the canvas renderer
// (src/ui/echarts-core.ts). No tooltip, no data zoom (zoom and pan are KlineChart's own gestures, which hand
// echarts only the candles on screen), no SVG renderer, no line chart and no mark lines: the line view, the
// study lines and the price, entry and expiry lines are drawn on a canvas of their own (line-layer.ts).
import { CandlestickChart } from "echarts/charts";
import { GridSimpleComponent } from "echarts/components";

import { registerEcharts } from "@/ui/echarts-core";

registerEcharts([CandlestickChart, GridSimpleComponent]);

export { type EChartsType, init } from "@/ui/echarts-core";
