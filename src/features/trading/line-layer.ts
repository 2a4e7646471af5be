import type { NumericCandle } from "./candles";
import type { ChartType, Mark, Marker, StudyLines } from "./chart-scene";
import type { View } from "./chart-view";
import { hasValue } from "./indicators";
import { clearedContext, type Plot, type PlotScale, plotScale } from "./plot-scale";

export type { Plot };

const PRICE = "#f0b90b";
const MA_COLOR = "#e0a3ff";
const BAND = "#5b8def";

/**
 * The line view, the study lines and the marks (live price, entries, expiries), on a canvas of their own over
 * the candles (candle-layer.ts): the marks change every second (price, countdowns), and redrawing them leaves
 * the candles alone. Places and prices map to pixels as the candles do (plot-scale.ts).
 */
export function drawLines(
  canvas: HTMLCanvasElement,
  plot: Plot | null,
  candles: NumericCandle[],
  view: View,
  chartType: ChartType,
  studies: StudyLines,
  marks: Mark[],
  markers: Marker[] = [],
): void {
  const prepared = clearedContext(canvas);
  if (!prepared || !plot || plot.max <= plot.min) return;
  const { context } = prepared;
  const scale = plotScale(plot, view.count);
  const x = (index: number) => scale.x(index - view.first);
  const y = scale.y;
  const end = Math.min(view.first + view.count, candles.length);
  context.save();
  context.beginPath();
  context.rect(plot.left, plot.top, plot.width, plot.height);
  context.clip();
  context.lineJoin = "round";

  const line = (valueAt: (index: number) => number | undefined, color: string, lineWidth: number, dashed = false) => {
    context.beginPath();
    let drawing = false;
    for (let i = view.first; i < end; i++) {
      const value = valueAt(i);
      if (!hasValue(value)) {
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
  drawMarks(context, plot, scale, marks);
  drawMarkers(context, plot, scale, markers);
}

const MARKER_RADIUS = 4;

/**
 * Settled orders' entry (a ring) and exit (a dot), joined by a thin dashed line; a marker off the plot (panned
 * away) is left out, and so is the line to it.
 */
function drawMarkers(context: CanvasRenderingContext2D, plot: Plot, { x, y }: PlotScale, markers: Marker[]) {
  const inside = (px: number, py: number) =>
    px >= plot.left && px <= plot.left + plot.width && py >= plot.top && py <= plot.top + plot.height;
  const points = markers.map((marker) => ({ marker, px: x(marker.xAxis), py: y(marker.yAxis) }));
  context.lineWidth = 1;
  for (const [i, { marker, px, py }] of points.entries()) {
    const next = points[i + 1];
    if (marker.kind === "entry" && next?.marker.kind === "exit" && inside(px, py) && inside(next.px, next.py)) {
      context.beginPath();
      context.setLineDash([2, 3]);
      context.strokeStyle = marker.color;
      context.moveTo(px, py);
      context.lineTo(next.px, next.py);
      context.stroke();
    }
  }
  context.setLineDash([]);
  for (const { marker, px, py } of points) {
    if (!inside(px, py)) continue;
    context.beginPath();
    context.arc(px, py, MARKER_RADIUS, 0, 2 * Math.PI);
    context.fillStyle = marker.kind === "exit" ? marker.color : "#0f1520";
    context.fill();
    context.strokeStyle = marker.kind === "exit" ? "#eef2f8" : marker.color;
    context.lineWidth = marker.kind === "exit" ? 1 : 2;
    context.stroke();
  }
}

const LABEL_FONT = "12px sans-serif";
const LABEL_PAD = { x: 4, y: 2 };

/**
 * The marks: a price line's label on the price axis (or, without a background, above the line's start), an
 * expiry's at the plot's top (inside it: the candle's figures are above it), the expiry preview's at its foot. A line outside the plot is not drawn.
 */
function drawMarks(context: CanvasRenderingContext2D, plot: Plot, { x, y }: PlotScale, marks: Mark[]) {
  context.font = LABEL_FONT;
  context.textBaseline = "middle";
  const taken: Box[] = [];
  for (const mark of marks) {
    const across = mark.yAxis !== undefined;
    const at = across ? y(mark.yAxis!) : x(mark.xAxis ?? Number.NaN);
    const [from, to] = across ? [plot.top, plot.top + plot.height] : [plot.left, plot.left + plot.width];
    if (!Number.isFinite(at) || at < from - 0.5 || at > to + 0.5) continue;
    context.beginPath();
    if (across) {
      context.moveTo(plot.left, at);
      context.lineTo(plot.left + plot.width, at);
    } else {
      context.moveTo(at, plot.top);
      context.lineTo(at, plot.top + plot.height);
    }
    context.setLineDash(mark.dashed ? [4, 4] : []);
    context.strokeStyle = mark.color;
    context.lineWidth = 1;
    context.stroke();

    const { formatter: text, color, background } = mark.label;
    const width = context.measureText(text).width + 2 * LABEL_PAD.x;
    const height = 12 + 2 * LABEL_PAD.y;
    // the label's box: left edge and vertical middle
    const [left, wanted] = !background
      ? [plot.left + 4, at - height / 2 - 1]
      : across
        ? [plot.left + plot.width + 4, at]
        : mark.label.at === "bottom"
          ? [at - width / 2, plot.top + plot.height - height / 2 - 2]
          : [at - width / 2, plot.top + height / 2 + 2];
    // two orders expiring seconds apart, or opened at one price: their labels stack instead of covering each other
    const middle = freeSpot(taken, left, wanted, width, height, mark.label.at === "bottom" ? -1 : 1);
    if (background) {
      context.fillStyle = background;
      context.beginPath();
      context.roundRect(left, middle - height / 2, width, height, 3);
      context.fill();
    }
    context.fillStyle = color;
    context.fillText(text, left + LABEL_PAD.x, middle);
  }
}

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/**
 * The vertical middle nearest `middle`, moving by whole label heights in `direction` (1 down, -1 up), where a
 * label of this size covers none of the boxes already `taken`; the spot found is taken.
 */
function freeSpot(taken: Box[], left: number, middle: number, width: number, height: number, direction: 1 | -1): number {
  const at = (mid: number): Box => ({ left, right: left + width, top: mid - height / 2, bottom: mid + height / 2 });
  const covers = (box: Box) =>
    taken.some((other) => other.left < box.right && box.left < other.right && other.top < box.bottom && box.top < other.bottom);
  let spot = middle;
  // a bounded search: past a handful of labels in one place, the last one may cover another
  for (let tries = 0; tries < 8 && covers(at(spot)); tries++) spot += direction * (height + 2);
  taken.push(at(spot));
  return spot;
}
