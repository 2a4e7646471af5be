import { sizeOf } from "./canvas-size";

/** Where the plot is in the chart box, and the price range on its axis (`min` at the bottom, `max` at the top). */
export interface Plot {
  left: number;
  top: number;
  width: number;
  height: number;
  min: number;
  max: number;
}

/**
 * Pixels of the chart box for places and prices, and back. The time axis has `count` equal bands, one per
 * place on screen, and place p (counted from the first place on screen) sits in the middle of its band.
 */
export interface PlotScale {
  band: number;
  x(place: number): number;
  y(price: number): number;
  /** the place under a pixel, fractional (round it for the candle there) */
  placeAt(x: number): number;
  priceAt(y: number): number;
}

export function plotScale(plot: Plot, count: number): PlotScale {
  const band = plot.width / Math.max(1, count);
  const span = plot.max - plot.min || 1;
  return {
    band,
    x: (place) => plot.left + (place + 0.5) * band,
    y: (price) => plot.top + ((plot.max - price) / span) * plot.height,
    placeAt: (x) => (x - plot.left) / band - 0.5,
    priceAt: (y) => plot.max - ((y - plot.top) / plot.height) * span,
  };
}

/**
 * The canvas's 2D context, its backing store sized to the element at the screen's pixel ratio (sharp on a
 * phone), cleared, and scaled so that drawing is in CSS pixels. Null when the browser gives no context.
 */
export function clearedContext(canvas: HTMLCanvasElement): { context: CanvasRenderingContext2D; width: number; height: number } | null {
  const ratio = window.devicePixelRatio || 1;
  const { width, height } = sizeOf(canvas);
  if (canvas.width !== Math.round(width * ratio) || canvas.height !== Math.round(height * ratio)) {
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
  }
  const context = canvas.getContext("2d");
  if (!context) return null;
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  context.clearRect(0, 0, width, height);
  return { context, width, height };
}
