import type { NumericCandle } from "./candles";
import type { ChartType, StudyLines } from "./chart-option";
import type { View } from "./chart-view";

/** Where the plot is in the chart box, and the price range on its axis: the same as echarts is given. */
export interface Plot {
  left: number;
  top: number;
  width: number;
  height: number;
  min: number;
  max: number;
}

const PRICE = "#f0b90b";
const MA_COLOR = "#e0a3ff";
const BAND = "#5b8def";

/**
 * The line view and the study lines, drawn on a canvas of their own over echarts' plot. echarts' line chart
 * costs 10.5 KB gzip; these are a few polylines. The places are echarts' own: a category axis with a gap at
 * each side puts place i at the middle of the i-th of `count` equal bands, and the price axis runs from `min`
 * at the bottom to `max` at the top.
 */
export function drawLines(
  canvas: HTMLCanvasElement,
  plot: Plot | null,
  candles: NumericCandle[],
  view: View,
  chartType: ChartType,
  studies: StudyLines,
): void {
  const ratio = window.devicePixelRatio || 1;
  const width = canvas.clientWidth;
  const height = canvas.clientHeight;
  if (canvas.width !== Math.round(width * ratio) || canvas.height !== Math.round(height * ratio)) {
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
  }
  const context = canvas.getContext("2d");
  if (!context) return;
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  context.clearRect(0, 0, width, height);
  if (!plot || plot.max <= plot.min) return;
  const band = plot.width / view.count;
  const x = (place: number) => plot.left + (place - view.first + 0.5) * band;
  const y = (price: number) => plot.top + ((plot.max - price) / (plot.max - plot.min)) * plot.height;
  const end = Math.min(view.first + view.count, candles.length);
  context.save();
  context.beginPath();
  context.rect(plot.left, plot.top, plot.width, plot.height);
  context.clip();
  context.lineJoin = "round";

  const line = (valueAt: (index: number) => number | "-" | undefined, color: string, lineWidth: number, dashed = false) => {
    context.beginPath();
    let drawing = false;
    for (let i = view.first; i < end; i++) {
      const value = valueAt(i);
      if (value === undefined || value === "-") {
        drawing = false;
        continue;
      }
      if (drawing) context.lineTo(x(i), y(value));
      else context.moveTo(x(i), y(value));
      drawing = true;
    }
    context.setLineDash(dashed ? [4, 4] : []);
    context.strokeStyle = color;
    context.lineWidth = lineWidth;
    context.stroke();
  };

  if (chartType === "line" && end > view.first) {
    // the area under the closes, then the line through them
    context.beginPath();
    context.moveTo(x(view.first), plot.top + plot.height);
    for (let i = view.first; i < end; i++) context.lineTo(x(i), y(candles[i]![4]));
    context.lineTo(x(end - 1), plot.top + plot.height);
    context.closePath();
    context.fillStyle = "rgba(240, 185, 11, 0.12)";
    context.fill();
    line((i) => candles[i]?.[4], PRICE, 1.5);
  }
  line((i) => studies.ma[i], MA_COLOR, 1);
  line((i) => studies.upper[i], BAND, 1, true);
  line((i) => studies.lower[i], BAND, 1, true);
  context.restore();
}
