import { formatDateTime } from "@/i18n/format";
import { type Period, PERIOD_SECONDS } from "#contract/markets";
import type { Direction } from "#contract/trading";

import type { NumericCandle } from "./candles";
import { FUTURE, priceExtent, type View } from "./chart-view";
import { bollinger, movingAverage } from "./indicators";

export type ChartType = "candles" | "line";
export interface Studies {
  ma: boolean;
  boll: boolean;
}

/** An open order as the chart draws it: entry segment from its open to its expiry, and a line at the expiry. */
export interface ChartOrder {
  id: number;
  direction: Direction;
  openPrice: number;
  openTime: number;
  closeTime: number;
  label: string;
}

/** The study lines over the whole window, one value per candle ("-" where the window is not full yet). */
export interface StudyLines {
  ma: Array<number | "-">;
  upper: Array<number | "-">;
  lower: Array<number | "-">;
}

const UP = "#2ebd85";
const DOWN = "#f6465d";
const PRICE = "#f0b90b";
const MA_WINDOW = 20;
/** Left and right of the plot: the price axis sits on the right. */
export const GRID = { left: 8, right: 72, top: 28, bottom: 24 };

export const timeLabel = (time: number, period: Period) => formatDateTime(time).slice(period === "1d" ? 0 : 5, period === "1d" ? 10 : 16);
const countdown = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;

export function studyLines(candles: NumericCandle[], studies: Studies): StudyLines {
  const closes = candles.map((candle) => candle[4]);
  const band = studies.boll ? bollinger(closes, MA_WINDOW, 2) : { upper: [], lower: [] };
  return { ma: studies.ma ? movingAverage(closes, MA_WINDOW) : [], ...band };
}

/** Everything drawn for one view: what the chart needs to set, built from the window's candles. */
export interface Scene {
  candles: NumericCandle[];
  /** the last candle held is the live one (ticks move it) */
  live: boolean;
  view: View;
  period: Period;
  precision: number;
  chartType: ChartType;
  studies: StudyLines;
  price: number;
  orders: ChartOrder[];
  now: number;
  /** the plot's width in pixels: how many time labels fit */
  width: number;
}

/** A time as a place on the axis, counted from the first candle held; fractions fall between candles. */
export function placeOf(candles: NumericCandle[], period: Period, time: number): number {
  const last = candles.at(-1);
  if (!last) return 0;
  // a candle's middle is its place: a time at the start of its period is half a place left of it
  const place = candles.length - 1 + (time - last[0]) / PERIOD_SECONDS[period] - 0.5;
  return Math.min(Math.max(place, -0.5), candles.length - 1 + FUTURE);
}

/** The axis labels of the places on screen (the empty places right of the live candle carry future times). */
function labels({ candles, view, period }: Scene): string[] {
  const seconds = PERIOD_SECONDS[period];
  const last = candles.at(-1)?.[0] ?? 0;
  const out: string[] = [];
  for (let i = view.first; i < view.first + view.count; i++) {
    out.push(timeLabel(i < candles.length ? candles[i]![0] : last + (i - candles.length + 1) * seconds, period));
  }
  return out;
}

/** Room for one time label ("11-23 16:58" and a gap) on the time axis. */
const LABEL_ROOM = 90;

/**
 * Every how many places a time is labelled (0: each). Given, not left to echarts' "auto", which measures the
 * labels' text on every update — a tenth of the first draw, and again on each pan and new candle.
 */
export const labelInterval = ({ view, width }: Scene) => Math.max(0, Math.ceil((view.count * LABEL_ROOM) / Math.max(1, width)) - 1);

/** echarts wants [place on screen, open, close, low, high]. */
const item = ([, open, high, low, close]: NumericCandle, place: number) => [place, open, close, low, high];
const candleStyle = { color: UP, color0: DOWN, borderColor: UP, borderColor0: DOWN };
const encode = { x: 0, y: [1, 2, 3, 4] };

/** The candles on screen; none in the line view (the line layer draws it). */
function priceSeries({ candles, view, chartType, live }: Scene) {
  const end = Math.min(view.first + view.count, candles.length);
  // the live candle is a series of its own with one item, so a tick redraws one candle
  const historyEnd = live ? Math.min(end, candles.length - 1) : end;
  const history: number[][] = [];
  if (chartType === "candles") for (let i = view.first; i < historyEnd; i++) history.push(item(candles[i]!, i - view.first));
  const liveOnScreen = chartType === "candles" && live && candles.length - 1 < view.first + view.count && candles.length - 1 >= view.first;
  return [
    { id: "k", type: "candlestick", encode, data: history, itemStyle: candleStyle, silent: true },
    { id: "live", type: "candlestick", encode, data: liveOnScreen ? liveItem(candles, view) : [], itemStyle: candleStyle, silent: true },
  ];
}

export const liveItem = (candles: NumericCandle[], view: View) => [item(candles.at(-1)!, candles.length - 1 - view.first)];

/**
 * A line over the plot, drawn by the line layer (line-layer.ts): across at a price (`yAxis`) or down at a place
 * (`xAxis`, counted from the first place on screen), with its label — on the price axis for the live price, at
 * the line's start for an entry, over the plot's top for an expiry (`background` then fills the label).
 */
export interface Mark {
  name: string;
  yAxis?: number;
  xAxis?: number;
  color: string;
  dashed: boolean;
  label: { formatter: string; color: string; background?: string };
}

/**
 * The lines over the price: the live price with its label, and each open order's entry and expiry. Not
 * echarts mark lines: they change every second (price, countdowns), and an echarts update costs a layout of
 * the whole chart where these are a few strokes; echarts' mark lines also cost 7 KB gzip.
 */
export function marks({ candles, view, period, precision, price, orders, now }: Scene): Mark[] {
  const colour = (direction: Direction) => (direction === "up" ? UP : DOWN);
  const lines: Mark[] = [
    {
      name: "price",
      yAxis: price,
      color: PRICE,
      dashed: false,
      label: { formatter: price.toFixed(precision), color: "#14181f", background: PRICE },
    },
  ];
  for (const order of orders) {
    // the whole width: a few seconds' segment would be a dot on any period but the shortest
    lines.push({
      name: `entry-${order.id}`,
      yAxis: order.openPrice,
      color: colour(order.direction),
      dashed: true,
      label: { formatter: order.label, color: colour(order.direction) },
    });
    lines.push({
      name: `expiry-${order.id}`,
      xAxis: placeOf(candles, period, order.closeTime) - view.first,
      color: colour(order.direction),
      dashed: true,
      label: {
        formatter: countdown(Math.max(0, Math.ceil(order.closeTime - now))),
        color: "#eef2f8",
        background: colour(order.direction),
      },
    });
  }
  return lines;
}

/** The price axis range: what the visible candles (and study lines) span. */
export function yRange({ candles, view, studies }: Scene): { min?: number; max?: number } {
  const extent = priceExtent(candles, view.first, view.first + view.count, [studies.upper, studies.lower, studies.ma]);
  return extent ? { min: extent[0], max: extent[1] } : {};
}

/** The whole option for a view (set with merge by id: unchanged parts are not redrawn). */
export function viewOption(scene: Scene) {
  return {
    xAxis: { data: labels(scene), axisLabel: { interval: labelInterval(scene) } },
    yAxis: yRange(scene),
    series: priceSeries(scene),
  };
}

/** The whole option, set anew for a new data set, period or view type: grid, axes and the view's data. */
export function fullOption(scene: Scene) {
  const view = viewOption(scene);
  return {
    animation: false,
    // exactly these margins: echarts 6 would otherwise move the plot to fit its labels, and gestures map
    // pixels to candles with them
    grid: { ...GRID, outerBoundsMode: "none" },
    // the end labels inside the plot, not cut by the chart's edge
    xAxis: {
      type: "category",
      data: view.xAxis.data,
      boundaryGap: true,
      axisLabel: { ...view.xAxis.axisLabel, color: "#a9b4c6", alignMinLabel: "left", alignMaxLabel: "right" },
    },
    yAxis: {
      scale: true,
      position: "right",
      ...view.yAxis,
      // the range is the candles' own, not round numbers: only the round ticks inside it are labelled
      axisLabel: { color: "#a9b4c6", formatter: (v: number) => v.toFixed(scene.precision), showMinLabel: false, showMaxLabel: false },
      splitLine: { lineStyle: { color: "#26334a" } },
    },
    series: view.series,
  };
}
