import { useLingui } from "@lingui/react/macro";
import { type ReactNode, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";

import type { Candle, Period } from "#contract/markets";

import { drawCandles, plotIn } from "./candle-layer";
import { CandleWindow, PAGE } from "./candle-window";
import { applyTick, type NumericCandle, toNumeric } from "./candles";
import { readSizeAgain, sizeKnown, sizeOf } from "./canvas-size";
import type { ChartChoice } from "./chart-choice";
import {
  type ChartOrder,
  type ChartType,
  type ClosedChartOrder,
  closedMarkers,
  type ExpiryPreview,
  GRID,
  marks,
  NO_STUDIES,
  placeOf,
  type Scene,
  type Studies,
  studyLines,
  studyLinesAfterTick,
  timeOfPlace,
  yRange,
} from "./chart-scene";
import { atLatest, clampView, FUTURE, openingView, panView, type View, zoomView } from "./chart-view";
import { CandleReadout, ChartCrosshair } from "./ChartCrosshair";
import { drawLines } from "./line-layer";
import { type Plot, plotScale } from "./plot-scale";
import { drawPanes, panesHeight } from "./study-pane";
import { type ChartPoint, useChartGestures } from "./use-chart-gestures";

export type { ChartOrder, ChartType, ClosedChartOrder, ExpiryPreview, Studies };

/** Where a time and price are on the chart, in pixels of the chart box; null before the chart is drawn. */
export type PointOf = (time: number, price: number) => [number, number] | null;
/** The time and price at a pixel of the chart box, inside the candles' plot; null elsewhere or before the chart is drawn. */
export type ValueAt = (x: number, y: number) => { time: number; price: number } | null;

/** Which candles to fetch: the latest, or a page before or after a time. */
export type CandleBound = { before: number } | { after: number } | null;
/** Fetches `limit` candles (oldest first); null when the request failed. */
export type LoadCandles = (bound: CandleBound, limit: number) => Promise<Candle[] | null>;

interface Props {
  candles: Candle[];
  period: Period;
  precision: number;
  /** the newest tick, folded into the last candle in place; `at` is when it reached the page (performance.now) */
  tick: { time: number; price: number; at?: number } | null;
  /** candles or a line, and the studies drawn over it */
  choice: ChartChoice;
  /** the live price, drawn as a line across the chart with its label on the price axis */
  price: number;
  orders: ChartOrder[];
  /** orders settled while the screen is open: their entry and exit are marked */
  closed: ClosedChartOrder[];
  /** where an order placed now would expire; null while orders cannot be placed */
  preview: ExpiryPreview | null;
  /** the server's clock in whole seconds: the expiry countdowns follow it */
  now: number;
  /** pages of history as the user pans back (and forward again); without it the chart shows what it was given */
  loadCandles?: LoadCandles;
  /** drawn over the chart (the result of a settled order, the customer's lines), told where times and prices are */
  overlay?: (pointOf: PointOf, valueAt: ValueAt) => ReactNode;
}

/** How many tick → chart (and pan frame) timings `npm run bench` can read back before they are cleared. */
const MAX_TICK_MEASURES = 120;
/** After a failed page, wait this long before asking again. */
const RETRY_MS = 5000;

type Loading = "older" | "newer" | "latest" | null;

/**
 * The chart: candles or a line with optional studies, the live candle moved by ticks, the live price line,
 * each open order's entry and expiry with its countdown. Pinch or wheel zooms, a drag pans; panning back
 * loads older history a page at a time, keeping at most a bounded window of candles. The price axis fits
 * the candles on screen. A long press (or the mouse) shows a crosshair and the candle's figures.
 *
 * Two canvases: the axes and candles below (candle-layer.ts), the line view, studies and marks above
 * (line-layer.ts). Only the candles on screen (at most MAX_VISIBLE) are drawn: a pan, a zoom or a tick costs
 * the same however long the history, and the first draw of 5 000 candles is the first draw of 66.
 */
export function KlineChart({ candles, period, precision, tick, choice, price, orders, closed, preview, now, loadCandles, overlay }: Props) {
  const { chartType, studies } = choice;
  const { t } = useLingui();
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const linesLayer = useRef<HTMLCanvasElement>(null);
  // performance mark read by `npm run bench`: first draw of the data set
  const [renderStart] = useState(() => performance.now());

  // the window of candles and the view: mutable, drawn imperatively; `frame` re-renders what React draws
  const win = useRef<CandleWindow>(null!);
  const view = useRef<View>({ first: 0, count: 0 });
  const lines = useRef(studyLines([], NO_STUDIES));
  useMemo(() => {
    win.current = new CandleWindow(toNumeric(candles));
    view.current = openingView(win.current.candles.length + FUTURE);
  }, [candles]);
  const [frame, setFrame] = useState(0);
  const [pointer, setPointer] = useState<ChartPoint | null>(null);
  const [loading, setLoading] = useState<Loading>(null);
  const retryAt = useRef(0);
  // the plot and price range last drawn: pixels of places and prices (crosshair, overlay) follow it
  const plot = useRef<Plot | null>(null);

  const latest = useRef({ price, orders, closed, preview, now, chartType, studies, loadCandles });
  latest.current = { price, orders, closed, preview, now, chartType, studies, loadCandles };

  const places = () => win.current.candles.length + (win.current.detached ? 0 : FUTURE);
  const scene = (): Scene => ({
    candles: win.current.candles,
    view: view.current,
    period,
    precision,
    chartType: latest.current.chartType,
    studies: lines.current,
    price: latest.current.price,
    orders: latest.current.orders,
    closed: latest.current.closed,
    preview: latest.current.preview,
    now: latest.current.now,
    width: plotWidth(),
  });

  /** The line view, the study lines and the marks, on their layer over the plot. */
  const paintLines = useCallback(() => {
    const layer = linesLayer.current;
    if (!layer) return;
    const now = scene();
    const drawn = marks(now);
    const markers = closedMarkers(now);
    drawLines(layer, plot.current, now.candles, now.view, now.chartType, lines.current, drawn, markers);
    // read by the browser tests: the lines and markers the chart drew
    Object.assign(box.current ?? {}, { marks: drawn, markers });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- scene() reads refs
  }, [period, precision]);

  /** Both layers for the view as it is now: the price axis fitted to what is on screen. */
  const drawView = useCallback(() => {
    const base = canvas.current;
    if (!base) return;
    const now = scene();
    const { width, height } = sizeOf(base);
    plot.current = plotIn(width, height, yRange(now), panesHeight(lines.current));
    drawCandles(base, plot.current, now);
    if (plot.current)
      drawPanes(base, plot.current, now.view, now.candles, lines.current, plot.current.top + plot.current.height + GRID.bottom);
    paintLines();
    // read by the browser tests: the price range drawn and the candles in it
    const { first, count } = view.current;
    const drawn: { min?: number; max?: number; candles: NumericCandle[] } = {
      ...plot.current,
      candles: now.chartType === "candles" ? now.candles.slice(first, first + count) : [],
    };
    Object.assign(box.current ?? {}, { drawn });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- scene() reads refs
  }, [period, precision, paintLines]);

  // a new data set, period, view type or studies: drawn before the browser paints, so no frame shows an
  // empty chart
  const measured = useRef(false);
  const drawDeps = [candles, period, precision, chartType, studies.ma, studies.boll, studies.rsi, studies.macd];
  useLayoutEffect(() => {
    lines.current = studyLines(win.current.candles, studies);
    // the first draw waits for the page's own layout: the observer below reports the canvases' sizes after it,
    // before that frame is painted; reading the size here would make the browser lay the whole page out an
    // extra time (the page's effects change it again before the frame)
    if (canvas.current && sizeKnown(canvas.current)) drawView();
    if (!measured.current) measureFirstPaint(renderStart);
    measured.current = true;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- studies is compared by its flags; scene() reads refs
  }, drawDeps);
  // what React draws from the plot (the overlay's positions) follows once the canvases are shown: a state
  // update in the layout effect above would render again before that first paint, and make React run every
  // pending effect of the page first, all inside the frame the customer waits for
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the same changes as the drawing above
  useEffect(() => setFrame((n) => n + 1), drawDeps);

  // the first size, then each new one (rotation, the keyboard, a wider window): kept for the draws to come
  // (they read no layout) and drawn at once, after the browser's layout and before it paints that frame;
  // observed from the commit on, so the first report comes in the first frame
  useLayoutEffect(() => {
    const nodes = [canvas.current, linesLayer.current].filter((node) => node !== null);
    const observer = new ResizeObserver(() => {
      // both read, not just the first that changed: each keeps its own size
      const changed = nodes.map(readSizeAgain).some(Boolean);
      if (!changed) return;
      drawView();
      setFrame((n) => n + 1);
    });
    for (const node of nodes) observer.observe(node);
    return () => observer.disconnect();
  }, [drawView]);

  /** Pages of history when the view nears an end of the window: older ones, or newer ones after the far side was dropped. */
  const fetchPages = useCallback(() => {
    const load = latest.current.loadCandles;
    const held = win.current;
    if (!load || loading || Date.now() < retryAt.current || held.candles.length === 0) return;
    const { first, count } = view.current;
    const direction: Loading =
      first < count && !held.startReached ? "older" : held.detached && first + 2 * count > held.candles.length ? "newer" : null;
    if (!direction) return;
    setLoading(direction);
    const bound = direction === "older" ? { before: held.oldest! } : { after: held.newest! };
    void load(bound, PAGE).then((answer) => {
      setLoading(null);
      // a new data set (period) replaced this window meanwhile
      if (held !== win.current) return;
      if (answer === null) {
        retryAt.current = Date.now() + RETRY_MS;
        return;
      }
      const { first: from, count: shown } = view.current;
      const change =
        direction === "older" ? held.prepend(toNumeric(answer), PAGE, from + shown - 1) : held.append(toNumeric(answer), PAGE, from);
      view.current = clampView({ first: from + change.shift, count: shown }, places());
      lines.current = studyLines(held.candles, latest.current.studies);
      drawView();
      setFrame((n) => n + 1);
    });
  }, [loading, drawView]);

  /** Back to the live edge: the view moves there, or (the far side dropped) the latest candles are fetched again. */
  const toLatest = useCallback(() => {
    const held = win.current;
    if (!held.detached) {
      view.current = clampView({ first: places() - view.current.count, count: view.current.count }, places());
      drawView();
      setFrame((n) => n + 1);
      return;
    }
    const load = latest.current.loadCandles;
    if (!load) return;
    setLoading("latest");
    void load(null, PAGE).then((answer) => {
      setLoading(null);
      if (held !== win.current || answer === null) return;
      win.current = new CandleWindow(toNumeric(answer));
      view.current = clampView({ first: Infinity, count: view.current.count }, places());
      lines.current = studyLines(win.current.candles, latest.current.studies);
      drawView();
      setFrame((n) => n + 1);
    });
  }, [drawView]);

  // gestures move the view; one draw per animation frame however many events came
  const pending = useRef(0);
  const panRest = useRef(0);
  const schedule = useCallback(() => {
    if (pending.current) return;
    pending.current = requestAnimationFrame(() => {
      pending.current = 0;
      const start = performance.now();
      drawView();
      setFrame((n) => n + 1);
      // read by `npm run bench`: a pan or zoom frame's drawing
      performance.measure("kline-frame", { start, end: performance.now() });
      if (performance.getEntriesByName("kline-frame").length >= MAX_TICK_MEASURES) performance.clearMeasures("kline-frame");
    });
  }, [drawView]);
  useEffect(() => () => cancelAnimationFrame(pending.current), []);
  useEffect(() => fetchPages(), [frame, fetchPages]);

  const plotWidth = () => Math.max(1, (canvas.current ? sizeOf(canvas.current).width : 1) - GRID.left - GRID.right);
  useChartGestures(canvas, {
    pan(dx) {
      const width = plotWidth() / Math.max(1, view.current.count);
      panRest.current += dx;
      const by = Math.trunc(panRest.current / width);
      if (by === 0) return;
      panRest.current -= by * width;
      view.current = panView(view.current, places(), -by);
      schedule();
    },
    zoom(factor, x) {
      const anchor = Math.min(1, Math.max(0, (x - GRID.left) / plotWidth()));
      view.current = zoomView(view.current, places(), factor, anchor);
      schedule();
    },
    point: setPointer,
  });

  // a tick: the live candle moves (or a new one starts), drawn at once: in the commit that brings it, before
  // the browser paints, rather than in an effect that may run a frame later
  useLayoutEffect(() => {
    const held = win.current;
    if (!tick || held.detached) return;
    const start = tick.at ?? performance.now();
    const change = applyTick(held.candles, period, tick.time, tick.price);
    if (change === "ignored") return;
    let trimmed = 0;
    if (change === "added") {
      // at the live edge the new candle scrolls in; elsewhere the view stays on its candles
      const wasAtLatest = atLatest({ ...view.current, count: view.current.count + 1 }, places());
      trimmed = held.trimOldest(view.current.first);
      view.current = clampView({ first: view.current.first - trimmed + (wasAtLatest ? 1 : 0), count: view.current.count }, places());
      setFrame((n) => n + 1);
    }
    // after the trim, so the lines stay aligned with the candles: only the last closes again, unless the
    // oldest candles went (then every place moved)
    const { studies: chosen } = latest.current;
    if (Object.values(chosen).some(Boolean))
      lines.current = trimmed ? studyLines(held.candles, chosen) : studyLinesAfterTick(lines.current, held.candles, chosen);
    // drawn now rather than on the next animation frame: one update a second, shown as soon as it arrives
    drawView();
    performance.measure("kline-tick", { start, end: performance.now() });
    // the timeline keeps every entry until cleared: a screen left open for hours must not grow with it
    if (performance.getEntriesByName("kline-tick").length >= MAX_TICK_MEASURES) performance.clearMeasures("kline-tick");
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the view's flags are read as they are when the tick comes
  }, [tick]);

  // the price line, the orders' lines and their countdowns: at most once a second
  useEffect(() => {
    paintLines();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- paintLines reads the props through refs
  }, [price, orders, closed, preview, now]);

  const pointOf: PointOf = useCallback(
    (time, value) => {
      if (!plot.current) return null;
      const scale = plotScale(plot.current, view.current.count);
      const point = [scale.x(placeOf(win.current.candles, period, time) - view.current.first), scale.y(value)] as const;
      return Number.isFinite(point[0]) && Number.isFinite(point[1]) ? [point[0], point[1]] : null;
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- frame: the view moved
    [period, frame],
  );

  const valueAt: ValueAt = useCallback(
    (x, y) => {
      const drawn = plot.current;
      if (!drawn || x < drawn.left || x > drawn.left + drawn.width || y < drawn.top || y > drawn.top + drawn.height) return null;
      const scale = plotScale(drawn, view.current.count);
      return { time: timeOfPlace(win.current.candles, period, scale.placeAt(x) + view.current.first), price: scale.priceAt(y) };
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- frame: the view moved
    [period, frame],
  );

  const held = win.current.candles;
  const { first, count } = view.current;
  const crosshair = (() => {
    if (!pointer || !plot.current) return null;
    const scale = plotScale(plot.current, count);
    const index = first + Math.round(scale.placeAt(pointer.x));
    if (!Number.isFinite(index) || index < first || index >= Math.min(held.length, first + count)) return null;
    const x = scale.x(index - first);
    const bottom = (canvas.current ? sizeOf(canvas.current).height : 0) - GRID.bottom;
    if (pointer.y < GRID.top || pointer.y > bottom) return { index, x, y: null, price: "" };
    return { index, x, y: pointer.y, price: scale.priceAt(pointer.y).toFixed(precision) };
  })();
  const shown = held[crosshair?.index ?? held.length - 1];
  const lastOnScreen = held[Math.min(first + count, held.length) - 1];
  return (
    <div
      className="tr-chart"
      data-testid="kline"
      data-candles={held.length}
      data-chart-type={chartType}
      data-view-from={held[first]?.[0]}
      data-view-to={lastOnScreen?.[0]}
      data-view-count={count}
      data-loading={loading ?? undefined}
      data-panes={[studies.rsi && "rsi", studies.macd && "macd"].filter(Boolean).join(" ") || undefined}
      ref={box}
    >
      {shown && <CandleReadout candle={shown} period={period} precision={precision} pointed={crosshair !== null} />}
      <canvas className="tr-chart-canvas" role="img" aria-label={t`Price chart`} ref={canvas} />
      <canvas className="tr-chart-lines" ref={linesLayer} data-testid="kline-lines" aria-hidden="true" />
      {crosshair && (
        <ChartCrosshair x={crosshair.x} y={crosshair.y} price={crosshair.price} time={held[crosshair.index]![0]} period={period} />
      )}
      {loading === "older" && <span className="tr-chart-note tr-chart-note-start">{t`Loading earlier prices…`}</span>}
      {loading !== "older" && win.current.startReached && first === 0 && (
        <span className="tr-chart-note tr-chart-note-start">{t`Start of history`}</span>
      )}
      {!atLatest(view.current, places()) && (
        <button type="button" className="tr-chip tr-latest" onClick={toLatest} data-testid="kline-latest">
          {t`Latest`} →
        </button>
      )}
      {overlay?.(pointOf, valueAt)}
    </div>
  );
}

/**
 * For `npm run bench`: from the chart's first render to the frame that shows it painted. The candles are drawn
 * before the browser paints that frame (by the ResizeObserver, after the page's layout); the measure ends in a
 * task queued from the frame's animation callbacks, which runs once the frame is painted, so it counts the
 * page's effects, layout and paint as well as the drawing.
 */
function measureFirstPaint(renderStart: number) {
  requestAnimationFrame(() => setTimeout(() => performance.measure("kline-first-render", { start: renderStart, end: performance.now() })));
}
