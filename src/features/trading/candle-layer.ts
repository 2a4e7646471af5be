import { DOWN, GRID, labelInterval, type Scene, timeLabelAt, UP } from "./chart-scene";
import { clearedContext, type Plot, plotScale } from "./plot-scale";
import { priceTicks } from "./price-ticks";

const AXIS_TEXT = "#a9b4c6";
const GRID_LINE = "#26334a";
const FONT = "12px sans-serif";
/** Between an axis and its labels. */
const LABEL_GAP = 8;
/** Half the live price label's height and a little: round prices closer to the live price are not labelled. */
const PRICE_LABEL_ROOM = 14;
/** The widest candle body, in pixels, when zoomed far in. */
const MAX_BODY = 17;

/**
 * The price axis (round prices with a grid line each), the time axis and the candles on screen, on the
 * chart's lower canvas. A few hundred rectangles and strokes: a draw takes a millisecond or two on a phone,
 * so a tick, a pan frame or the first draw of a long history (only the candles on screen are drawn) all
 * cost the same. The line view, studies and marks are the layer above (line-layer.ts).
 */
export function drawCandles(canvas: HTMLCanvasElement, plot: Plot | null, scene: Scene): void {
  const prepared = clearedContext(canvas);
  if (!prepared || !plot || plot.max <= plot.min) return;
  const { context, width } = prepared;
  const { candles, view, chartType, precision } = scene;
  const scale = plotScale(plot, view.count);
  const right = plot.left + plot.width;
  context.font = FONT;
  context.fillStyle = AXIS_TEXT;

  // price axis: grid lines across the plot, labels right of it, except where the live price's label sits
  // (the line layer draws it there, and a round price half hidden under it reads as a wrong figure)
  context.textAlign = "left";
  context.textBaseline = "middle";
  context.beginPath();
  const priceAt = scale.y(scene.price);
  for (const tick of priceTicks(plot.min, plot.max)) {
    const y = Math.round(scale.y(tick)) + 0.5;
    context.moveTo(plot.left, y);
    context.lineTo(right, y);
    if (Math.abs(y - priceAt) >= PRICE_LABEL_ROOM) context.fillText(tick.toFixed(precision), right + LABEL_GAP, y);
  }
  context.strokeStyle = GRID_LINE;
  context.lineWidth = 1;
  context.stroke();

  // time axis: every step-th place of the window, so the labels move with their candles as the view pans,
  // kept inside the chart and never overlapping
  const step = labelInterval(scene) + 1;
  context.textBaseline = "top";
  let lastRight = -Infinity;
  for (let place = 0; place < view.count; place++) {
    if ((view.first + place) % step !== 0) continue;
    const text = timeLabelAt(scene, place);
    if (!text) continue;
    const textWidth = context.measureText(text).width;
    const left = Math.min(Math.max(scale.x(place) - textWidth / 2, plot.left), width - textWidth);
    if (left < lastRight + LABEL_GAP) continue;
    context.fillText(text, left, plot.top + plot.height + LABEL_GAP - 2);
    lastRight = left + textWidth;
  }

  if (chartType !== "candles") return;
  context.save();
  context.beginPath();
  context.rect(plot.left, plot.top, plot.width, plot.height);
  context.clip();
  // an odd width, so the wick runs down the body's middle pixel
  const body = Math.min(MAX_BODY, 2 * Math.floor(scale.band * 0.35) + 1);
  const end = Math.min(view.first + view.count, candles.length);
  for (const [colour, rising] of [
    [UP, true],
    [DOWN, false],
  ] as const) {
    context.beginPath();
    context.fillStyle = colour;
    for (let i = view.first; i < end; i++) {
      const [, open, high, low, close] = candles[i]!;
      if (close >= open !== rising) continue;
      const left = Math.round(scale.x(i - view.first) - body / 2);
      const top = Math.round(scale.y(Math.max(open, close)));
      context.fillRect(left, top, body, Math.max(1, Math.round(scale.y(Math.min(open, close))) - top));
      const middle = left + Math.floor(body / 2) + 0.5;
      context.moveTo(middle, Math.round(scale.y(high)));
      context.lineTo(middle, Math.round(scale.y(low)));
    }
    context.strokeStyle = colour;
    context.stroke();
  }
  context.restore();
}

/**
 * The plot inside a chart box of this size, for a price range (null without one); `below` is the room the study
 * panes take under the time axis.
 */
export function plotIn(width: number, height: number, range: { min?: number; max?: number }, below = 0): Plot | null {
  if (range.min === undefined || range.max === undefined) return null;
  return {
    left: GRID.left,
    top: GRID.top,
    width: width - GRID.left - GRID.right,
    height: Math.max(40, height - GRID.top - GRID.bottom - below),
    min: range.min,
    max: range.max,
  };
}
