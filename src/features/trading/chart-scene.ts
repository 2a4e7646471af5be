import { formatDateTime } from "@/i18n/format";
import { type Period, PERIOD_SECONDS } from "#contract/markets";
import type { Direction, OrderResult } from "#contract/trading";

import type { NumericCandle } from "./candles";
import { FUTURE, priceExtent, type View } from "./chart-view";
import { bollinger, movingAverage, type StudySeries } from "./indicators";
import { type MacdRun, macdRun } from "./macd";
import { type RsiRun, rsiRun } from "./rsi";
import type { PaneLines } from "./study-pane";

export type ChartType = "candles" | "line";
export interface Studies {
  ma: boolean;
  boll: boolean;
  /** RSI(14) in a pane below the candles */
  rsi: boolean;
  /** MACD(12, 26, 9) in a pane below the candles */
  macd: boolean;
}

export const NO_STUDIES: Studies = { ma: false, boll: false, rsi: false, macd: false };

/** An open order as the chart draws it: entry segment from its open to its expiry, and a line at the expiry. */
export interface ChartOrder {
  id: number;
  direction: Direction;
  openPrice: number;
  openTime: number;
  closeTime: number;
  label: string;
  /** its profit or loss at the live price, fee included ("+78.00"), beside the entry line; null once its time is up */
  change?: string | null;
}

/** An order settled while the screen was open: a marker where it opened, one where it closed, a line between. */
export interface ClosedChartOrder {
  id: number;
  openPrice: number;
  openTime: number;
  closePrice: number;
  closeTime: number;
  result: OrderResult;
}

/** The expiry an order placed now would have: a faint line at that time, labelled with the settlement time. */
export interface ExpiryPreview {
  closeTime: number;
  label: string;
}

/** The study lines over the whole window, one value per candle (NaN where the window is not full yet). */
export interface StudyLines extends PaneLines {
  ma: StudySeries;
  upper: StudySeries;
  lower: StudySeries;
  /** what a tick resumes from: the oscillators' runs and the closes they were computed over */
  resume?: { rsi?: RsiRun; macd?: MacdRun; closes: Float64Array };
}

export const UP = "#2ebd85";
export const DOWN = "#f6465d";
const PRICE = "#f0b90b";
const PREVIEW = "#a9b4c6";
const MA_WINDOW = 20;
const RSI_PERIOD = 14;
const MACD_WINDOWS = { fast: 12, slow: 26, signal: 9 };
/** A study that is off: no value at any candle. */
const NO_VALUES: StudySeries = new Float64Array(0);
/** Left and right of the plot: the price axis sits on the right. */
export const GRID = { left: 8, right: 72, top: 28, bottom: 24 };

export const timeLabel = (time: number, period: Period) => formatDateTime(time).slice(period === "1d" ? 0 : 5, period === "1d" ? 10 : 16);
const countdown = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;

export function studyLines(candles: NumericCandle[], studies: Studies, previous?: StudyLines): StudyLines {
  const closes = new Float64Array(candles.length);
  for (let i = 0; i < candles.length; i++) closes[i] = candles[i]![4];
  const band = studies.boll ? bollinger(closes, MA_WINDOW, 2) : { upper: NO_VALUES, lower: NO_VALUES };
  // the oscillators resume from their state before the last close they had (their averages run from the first
  // close); the moving average and the bands are computed again (a window of 20 each)
  const resume = previous?.resume;
  const rsiRun = studies.rsi ? rsiFrom(closes, resume?.rsi) : undefined;
  const macdRun = studies.macd ? macdFrom(closes, resume?.macd) : undefined;
  return {
    ma: studies.ma ? movingAverage(closes, MA_WINDOW) : NO_VALUES,
    ...band,
    ...(rsiRun ? { rsi: rsiRun.values } : {}),
    ...(macdRun ? { macd: macdRun } : {}),
    resume: { rsi: rsiRun, macd: macdRun, closes },
  };
}

/**
 * The study lines after a tick moved the last close or started a new candle (the closes before unchanged):
 * only the last closes are computed again, so a tick costs the same however long the history.
 */
export function studyLinesAfterTick(previous: StudyLines, candles: NumericCandle[], studies: Studies): StudyLines {
  const held = previous.resume?.closes.length ?? -1;
  const fits = held > 0 && (candles.length === held || candles.length === held + 1);
  return studyLines(candles, studies, fits ? previous : undefined);
}

const rsiFrom = (closes: Float64Array, previous: RsiRun | undefined): RsiRun => {
  if (!previous || previous.values.length === 0) return rsiRun(closes, RSI_PERIOD);
  const into = grown(previous.values, closes.length, NaN);
  return rsiRun(closes, RSI_PERIOD, into, previous.values.length - 1, previous.beforeLast);
};

const macdFrom = (closes: Float64Array, previous: MacdRun | undefined): MacdRun =>
  macdRun(closes, MACD_WINDOWS, previous && previous.macd.length > 0 ? previous : undefined);

/** The series itself when it has the length, else a copy grown to it (the new places filled with `fill`). */
function grown(series: Float64Array, length: number, fill: number): Float64Array {
  if (series.length === length) return series;
  const copy = new Float64Array(length).fill(fill);
  copy.set(series.subarray(0, Math.min(series.length, length)));
  return copy;
}

/** Everything drawn for one view, built from the window's candles. */
export interface Scene {
  candles: NumericCandle[];
  view: View;
  period: Period;
  precision: number;
  chartType: ChartType;
  studies: StudyLines;
  price: number;
  orders: ChartOrder[];
  /** orders just settled, marked at their entry and exit */
  closed: ClosedChartOrder[];
  /** where an order placed now would expire (the settlement time chosen), while orders can be placed */
  preview: ExpiryPreview | null;
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

/** The time at a place on the axis (fractional places fall between candles): placeOf the other way round. */
export function timeOfPlace(candles: NumericCandle[], period: Period, place: number): number {
  const last = candles.at(-1);
  if (!last) return 0;
  return last[0] + (place - (candles.length - 1) + 0.5) * PERIOD_SECONDS[period];
}

/**
 * Periods of an hour or more: every settlement time on offer (minutes) ends inside the live candle, so an expiry
 * preview there would mark nothing, and the empty places right of it would be labelled with days or hours no
 * order reaches.
 */
export const longPeriod = (period: Period) => PERIOD_SECONDS[period] >= 3600;

/**
 * The time label of a place on screen. The empty places right of the live candle carry future times on short
 * periods (where an order's expiry falls); on long ones they are left blank ("").
 */
export function timeLabelAt({ candles, view, period }: Scene, place: number): string {
  const index = view.first + place;
  if (index < candles.length) return timeLabel(candles[index]![0], period);
  if (longPeriod(period)) return "";
  const last = candles.at(-1)?.[0] ?? 0;
  return timeLabel(last + (index - candles.length + 1) * PERIOD_SECONDS[period], period);
}

/** Room for one time label ("11-23 16:58" and a gap) on the time axis. */
const LABEL_ROOM = 90;

/**
 * Every how many places a time is labelled, less one (0: each place): from the plot's width and a label's room,
 * without measuring the labels' text on every draw.
 */
export const labelInterval = ({ view, width }: Scene) => Math.max(0, Math.ceil((view.count * LABEL_ROOM) / Math.max(1, width)) - 1);

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
  /** `bottom`: a line down the plot with its label at the plot's foot (over its top otherwise) */
  label: { formatter: string; color: string; background?: string; at?: "bottom" };
}

/**
 * The lines over the price: the live price with its label, and each open order's entry and expiry. On a
 * layer of their own: they change every second (price, countdowns), the candles mostly do not.
 */
export function marks({ candles, view, period, precision, price, orders, now, preview }: Scene): Mark[] {
  const colour = (direction: Direction) => (direction === "up" ? UP : DOWN);
  const lines: Mark[] = [];
  // first, so the orders' own lines are drawn over it; its label at the foot, clear of the orders' countdowns
  if (preview && !longPeriod(period)) {
    lines.push({
      name: "preview-expiry",
      xAxis: placeOf(candles, period, preview.closeTime) - view.first,
      color: PREVIEW,
      dashed: true,
      label: { formatter: preview.label, color: "#14181f", background: PREVIEW, at: "bottom" },
    });
  }
  lines.push({
    name: "price",
    yAxis: price,
    color: PRICE,
    dashed: false,
    label: { formatter: price.toFixed(precision), color: "#14181f", background: PRICE },
  });
  for (const order of orders) {
    // the whole width: a few seconds' segment would be a dot on any period but the shortest
    lines.push({
      name: `entry-${order.id}`,
      yAxis: order.openPrice,
      color: colour(order.direction),
      dashed: true,
      label: { formatter: order.change ? `${order.label} · ${order.change}` : order.label, color: colour(order.direction) },
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

/**
 * A point on the chart, at a place (counted from the first place on screen) and a price: where a settled order
 * opened (a ring) or closed (a dot), in the colour of its result.
 */
export interface Marker {
  name: string;
  xAxis: number;
  yAxis: number;
  color: string;
  kind: "entry" | "exit";
}

const RESULT_COLOURS: Record<OrderResult, string> = { win: UP, loss: DOWN, tie: "#a9b4c6" };

/** The entry and exit markers of the orders just settled, in the order given (entry before exit). */
export function closedMarkers({ candles, view, period, closed }: Scene): Marker[] {
  return closed.flatMap((order) => {
    const color = RESULT_COLOURS[order.result];
    const at = (time: number) => placeOf(candles, period, time) - view.first;
    return [
      { name: `opened-${order.id}`, xAxis: at(order.openTime), yAxis: order.openPrice, color, kind: "entry" as const },
      { name: `closed-${order.id}`, xAxis: at(order.closeTime), yAxis: order.closePrice, color, kind: "exit" as const },
    ];
  });
}

/** The price axis range: what the visible candles (and study lines) span. */
export function yRange({ candles, view, studies }: Scene): { min?: number; max?: number } {
  const extent = priceExtent(candles, view.first, view.first + view.count, [studies.upper, studies.lower, studies.ma]);
  return extent ? { min: extent[0], max: extent[1] } : {};
}
