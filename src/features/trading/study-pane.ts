import type { NumericCandle } from "./candles";
import { DOWN, UP } from "./chart-scene";
import type { View } from "./chart-view";
import { hasValue, type StudySeries } from "./indicators";
import type { Macd } from "./macd";
import { type Plot, plotScale } from "./plot-scale";

/** The oscillators the chart can show below the candles, each in a pane of its own. */
export type PaneStudy = "rsi" | "macd";

/** One pane's height in CSS pixels: enough to read a line's turns, small enough to leave the candles most of the chart. */
export const PANE_HEIGHT = 64;
/** Between the time axis's labels and the first pane. */
const PANE_GAP = 4;
const FRAME = "#26334a";
const TEXT = "#a9b4c6";
const RSI_COLOR = "#e0a3ff";
const MACD_COLOR = "#5b8def";
const SIGNAL_COLOR = "#f0b90b";

export interface PaneLines {
  rsi?: StudySeries;
  macd?: Macd;
}

/** The panes shown, in the order they stack under the candles. */
export const panesOf = (lines: PaneLines): PaneStudy[] => [
  ...(lines.rsi ? ["rsi" as const] : []),
  ...(lines.macd ? ["macd" as const] : []),
];

/** The room the panes take at the foot of the chart box, time axis excluded. */
export const panesHeight = (lines: PaneLines) => panesOf(lines).length * (PANE_HEIGHT + PANE_GAP);

/**
 * RSI and MACD below the time axis, sharing the candles' places: each pane has its own vertical scale (RSI 0 to
 * 100 with its 30 and 70 guides, MACD symmetric around zero over what is on screen), a frame, and its name with
 * the latest value on screen. Drawn on the candle canvas after the candles, so a pan or a tick redraws it with them.
 */
export function drawPanes(
  canvas: HTMLCanvasElement,
  plot: Plot | null,
  view: View,
  candles: NumericCandle[],
  lines: PaneLines,
  bottomOfAxis: number,
): void {
  const context = canvas.getContext("2d");
  if (!context || !plot) return;
  const scale = plotScale(plot, view.count);
  const end = Math.min(view.first + view.count, candles.length);
  let top = bottomOfAxis + PANE_GAP;
  context.save();
  context.font = "11px sans-serif";
  context.textBaseline = "top";
  context.textAlign = "left";
  for (const study of panesOf(lines)) {
    const area = { top, height: PANE_HEIGHT };
    context.strokeStyle = FRAME;
    context.lineWidth = 1;
    context.setLineDash([]);
    context.strokeRect(plot.left + 0.5, area.top + 0.5, plot.width - 1, area.height - 1);
    const series = study === "rsi" ? lines.rsi! : lines.macd!.macd;
    const range = study === "rsi" ? { min: 0, max: 100 } : symmetricRange(lines.macd!, view.first, end);
    const y = (value: number) => area.top + 2 + ((range.max - value) / (range.max - range.min || 1)) * (area.height - 4);
    const x = (index: number) => scale.x(index - view.first);
    const path = (values: StudySeries, color: string) => {
      context.beginPath();
      let drawing = false;
      for (let i = view.first; i < end; i++) {
        const value = values[i];
        if (!hasValue(value)) {
          drawing = false;
          continue;
        }
        if (drawing) context.lineTo(x(i), y(value));
        else context.moveTo(x(i), y(value));
        drawing = true;
      }
      context.strokeStyle = color;
      context.lineWidth = 1.2;
      context.stroke();
    };
    context.save();
    context.beginPath();
    context.rect(plot.left, area.top, plot.width, area.height);
    context.clip();
    if (study === "rsi") {
      context.setLineDash([3, 3]);
      context.beginPath();
      for (const guide of [30, 70]) {
        context.moveTo(plot.left, Math.round(y(guide)) + 0.5);
        context.lineTo(plot.left + plot.width, Math.round(y(guide)) + 0.5);
      }
      context.strokeStyle = FRAME;
      context.stroke();
      context.setLineDash([]);
      path(series, RSI_COLOR);
    } else {
      const macd = lines.macd!;
      const bar = Math.max(1, Math.floor(scale.band * 0.6));
      const zero = y(0);
      for (const [color, rising] of [
        [UP, true],
        [DOWN, false],
      ] as const) {
        context.fillStyle = color;
        for (let i = view.first; i < end; i++) {
          const value = macd.histogram[i];
          if (!hasValue(value) || value >= 0 !== rising) continue;
          const top = Math.min(zero, y(value));
          context.fillRect(Math.round(x(i) - bar / 2), top, bar, Math.max(1, Math.abs(y(value) - zero)));
        }
      }
      path(macd.macd, MACD_COLOR);
      path(macd.signal, SIGNAL_COLOR);
    }
    context.restore();
    const latest = lastValue(series, view.first, end);
    context.fillStyle = TEXT;
    const name = study === "rsi" ? "RSI 14" : "MACD 12 26 9";
    context.fillText(latest === null ? name : `${name}  ${formatStudy(latest)}`, plot.left + 4, area.top + 3);
    top += PANE_HEIGHT + PANE_GAP;
  }
  context.restore();
}

/** The newest value on screen, null when the window is not full anywhere on it. */
function lastValue(values: StudySeries, first: number, end: number): number | null {
  for (let i = end - 1; i >= first; i--) {
    const value = values[i];
    if (hasValue(value)) return value;
  }
  return null;
}

/** MACD's scale: zero in the middle, as far either way as the largest line or bar on screen. */
function symmetricRange(macd: Macd, first: number, end: number): { min: number; max: number } {
  let largest = 0;
  for (const series of [macd.macd, macd.signal, macd.histogram])
    for (let i = first; i < end; i++) {
      const value = series[i];
      if (hasValue(value)) largest = Math.max(largest, Math.abs(value));
    }
  const reach = largest || 1;
  return { min: -reach, max: reach };
}

/** A study's value with four significant digits: RSI reads 56.21, a forex MACD 0.0001234. */
const formatStudy = (value: number) => (Math.abs(value) >= 1 ? value.toFixed(2) : value.toPrecision(3));
