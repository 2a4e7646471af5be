// The one echarts of the app: echarts/core with the canvas renderer, and each chart registers the series and
// components it draws. Charts get only the three functions they call, never `import * as echarts`: a
// namespace handed to a component keeps every export of echarts/core (the graphic shapes, the helper API,
// GeoJSON parsing, …) in the chunk all charts share. (The trade screen's K-line is not one of them: it draws on
// its own canvas, src/features/trading/candle-layer.ts.)
import { dispose, getInstanceByDom, init, use as registerEcharts } from "echarts/core";
import { CanvasRenderer } from "echarts/renderers";

registerEcharts([CanvasRenderer]);

/** What echarts-for-react's core component calls on the echarts it is given (its `echarts` prop). */
export const echartsCore = { init, getInstanceByDom, dispose };

export { type EChartsType } from "echarts/core";
export { init, registerEcharts };
