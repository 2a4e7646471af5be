import { useLingui } from "@lingui/react/macro";
import ReactEChartsCore from "echarts-for-react/esm/core";
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from "react";

import { formatDateTime } from "@/i18n/format";
import { type Candle, type Period, PERIOD_SECONDS } from "#contract/markets";
import { type Direction } from "#contract/trading";

import { applyTick, type NumericCandle, toNumeric } from "./candles";
import { echarts } from "./echarts";
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

/** Where a time and price are on the chart, in pixels of the chart box; null before the chart is drawn. */
export type PointOf = (time: number, price: number) => [number, number] | null;

interface Props {
  candles: Candle[];
  period: Period;
  precision: number;
  /** the newest tick, folded into the last candle in place */
  tick: { time: number; price: number } | null;
  chartType: ChartType;
  studies: Studies;
  /** the live price, drawn as a line across the chart with its label on the price axis */
  price: number;
  orders: ChartOrder[];
  /** the server's clock in whole seconds: the expiry countdowns follow it */
  now: number;
  /** drawn over the chart (the result of a settled order), told where times and prices are */
  overlay?: (pointOf: PointOf) => ReactNode;
}

const UP = "#2ebd85";
const DOWN = "#f6465d";
const PRICE = "#f0b90b";
const MA_COLOR = "#e0a3ff";
const BAND = "#5b8def";
const MA_WINDOW = 20;
/** Empty places right of the live candle: room for the expiry lines of orders still running. */
const FUTURE = 6;
/** How many tick → chart timings `npm run bench` can read back before they are cleared. */
const MAX_TICK_MEASURES = 120;

const label = (time: number, period: Period) => formatDateTime(time).slice(period === "1d" ? 0 : 5, period === "1d" ? 10 : 16);
const countdown = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;

/** echarts wants [category index, open, close, low, high]. */
const item = ([, open, high, low, close]: NumericCandle, index: number) => [index, open, close, low, high];
/** Every candle but the last: redrawn only when a new candle starts. */
const historyData = (candles: NumericCandle[]) => candles.slice(0, -1).map(item);
/**
 * The last candle is a series of its own with one item, so a tick redraws one candle, not thousands
 * (tick → chart update stays fast however long the history).
 */
const liveData = (candles: NumericCandle[]) => (candles.length ? [item(candles.at(-1)!, candles.length - 1)] : []);
const closes = (candles: NumericCandle[]) => candles.map((candle) => candle[4]);
const candleStyle = { color: UP, color0: DOWN, borderColor: UP, borderColor0: DOWN };
const encode = { x: 0, y: [1, 2, 3, 4] };

function categories(candles: NumericCandle[], period: Period): string[] {
  const seconds = PERIOD_SECONDS[period];
  const last = candles.at(-1)?.[0] ?? 0;
  const future = Array.from({ length: FUTURE }, (_, i) => label(last + (i + 1) * seconds, period));
  return [...candles.map(([time]) => label(time, period)), ...future];
}

/**
 * A time as a place on the category axis: the live candle is the anchor (history may have gaps when the market
 * was shut), each period one place, a candle's middle its place. Fractions fall between the candles.
 */
function placeOf(candles: NumericCandle[], period: Period, time: number): number {
  const last = candles.at(-1);
  if (!last) return 0;
  const place = candles.length - 1 + (time - last[0]) / PERIOD_SECONDS[period] - 0.5;
  return Math.min(Math.max(place, 0), candles.length - 1 + FUTURE);
}

function studySeries(candles: NumericCandle[], studies: Studies) {
  const values = closes(candles);
  const band = studies.boll ? bollinger(values, MA_WINDOW, 2) : { upper: [], lower: [] };
  const line = (id: string, data: unknown[], color: string, type: "solid" | "dashed" = "solid") => ({
    id,
    type: "line" as const,
    data,
    showSymbol: false,
    silent: true,
    lineStyle: { width: 1, color, type },
  });
  return [
    line("ma", studies.ma ? movingAverage(values, MA_WINDOW) : [], MA_COLOR),
    line("boll-upper", band.upper, BAND, "dashed"),
    line("boll-lower", band.lower, BAND, "dashed"),
  ];
}

function priceSeries(candles: NumericCandle[], chartType: ChartType) {
  if (chartType === "line") {
    return [
      {
        id: "k",
        type: "line" as const,
        data: closes(candles),
        showSymbol: false,
        lineStyle: { width: 1.5, color: PRICE },
        areaStyle: { color: "rgba(240, 185, 11, 0.12)" },
      },
      { id: "live", type: "line" as const, data: [] },
    ];
  }
  return [
    { id: "k", type: "candlestick" as const, encode, data: historyData(candles), itemStyle: candleStyle },
    { id: "live", type: "candlestick" as const, encode, data: liveData(candles), itemStyle: candleStyle },
  ];
}

/** The lines over the price: the live price with its label, and each open order's entry and expiry. */
function marks(candles: NumericCandle[], period: Period, precision: number, price: number, orders: ChartOrder[], now: number) {
  const colour = (direction: Direction) => (direction === "up" ? UP : DOWN);
  const data: unknown[] = [
    {
      name: "price",
      yAxis: price,
      symbol: "none",
      label: {
        formatter: price.toFixed(precision),
        position: "end",
        color: "#14181f",
        backgroundColor: PRICE,
        padding: [2, 4],
        borderRadius: 3,
      },
      lineStyle: { color: PRICE, type: "solid", width: 1 },
    },
  ];
  for (const order of orders) {
    const end = placeOf(candles, period, order.closeTime);
    // the whole width: a few seconds' segment would be a dot on any period but the shortest
    data.push({
      name: `entry-${order.id}`,
      yAxis: order.openPrice,
      symbol: "none",
      label: { formatter: order.label, position: "insideStartTop", color: colour(order.direction) },
      lineStyle: { color: colour(order.direction), type: "dashed", width: 1 },
    });
    data.push({
      name: `expiry-${order.id}`,
      xAxis: end,
      symbol: "none",
      label: {
        formatter: countdown(Math.max(0, Math.ceil(order.closeTime - now))),
        position: "end",
        color: "#eef2f8",
        backgroundColor: colour(order.direction),
        padding: [2, 4],
        borderRadius: 3,
      },
      lineStyle: { color: colour(order.direction), type: "dashed", width: 1 },
    });
  }
  // a series of its own with no data, only lines: a candlestick one, as the line chart may not be loaded
  return {
    id: "marks",
    type: "candlestick" as const,
    data: [],
    silent: true,
    markLine: { symbol: "none", silent: true, animation: false, data },
  };
}

/**
 * The chart: candles or a line, zoom and pan, the live last candle updated in place, the live price line, each
 * open order's entry and expiry with its countdown, optional studies, and a text line with the open, high, low
 * and close of the candle under the finger (the live one otherwise). Text rather than echarts' tooltip: screen
 * readers can read it, and the trade screen is 8 KB lighter.
 */
export function KlineChart({ candles, period, precision, tick, chartType, studies, price, orders, now, overlay }: Props) {
  const { t } = useLingui();
  const chart = useRef<ReactEChartsCore>(null);
  const box = useRef<HTMLDivElement>(null);
  const data = useRef<NumericCandle[]>([]);
  data.current = useMemo(() => toNumeric(candles), [candles]);
  // performance marks read by `npm run bench`: first render of the data set, and tick → chart update
  const [renderStart] = useState(() => performance.now());
  const [pointed, setPointed] = useState<number | null>(null);
  // The page draws first and the chart a frame later: echarts' first layout is the trade screen's longest
  // task, and the price, the trade bar and the readout need not wait for it.
  const [mounted, setMounted] = useState(false);
  const [, setDrawn] = useState(0);
  // echarts-for-react makes its instance after a first measuring one: only that one takes updates and handlers
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setMounted(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  const latest = useRef({ price, orders, now });
  latest.current = { price, orders, now };

  const option = useMemo(
    () => ({
      animation: false,
      grid: { left: 8, right: 72, top: 28, bottom: 24 },
      xAxis: {
        type: "category",
        data: categories(data.current, period),
        boundaryGap: true,
        axisLabel: { color: "#a9b4c6" },
      },
      yAxis: {
        scale: true,
        position: "right",
        axisLabel: { color: "#a9b4c6", formatter: (v: number) => v.toFixed(precision) },
        splitLine: { lineStyle: { color: "#26334a" } },
      },
      // pinch or wheel to zoom, drag to pan; opens on the last 60 candles and the room for expiries
      dataZoom: [
        {
          type: "inside",
          start: Math.max(0, 100 - ((60 + FUTURE) / Math.max(1, data.current.length + FUTURE)) * 100),
          end: 100,
        },
      ],
      series: [
        ...priceSeries(data.current, chartType),
        ...studySeries(data.current, studies),
        marks(data.current, period, precision, latest.current.price, latest.current.orders, latest.current.now),
      ],
    }),
    // rebuilt for a new data set, period or view; ticks, the price line and the orders update the chart in place below
    // eslint-disable-next-line react-hooks/exhaustive-deps -- studies is compared by its two flags
    [candles, period, precision, chartType, studies.ma, studies.boll],
  );

  useEffect(() => {
    const instance = chart.current?.getEchartsInstance();
    const zr = instance?.getZr();
    if (!instance || !zr) return;
    const point = (event: { offsetX: number; offsetY: number }) => {
      const [index] = instance.convertFromPixel({ gridIndex: 0 }, [event.offsetX, event.offsetY]) as number[];
      setPointed(index !== undefined && index >= 0 && index < data.current.length ? Math.round(index) : null);
    };
    const leave = () => setPointed(null);
    const redrawn = () => setDrawn((n) => n + 1);
    zr.on("mousemove", point);
    zr.on("click", point);
    zr.on("globalout", leave);
    // the overlay's place follows zoom and pan
    instance.on("datazoom", redrawn);
    return () => {
      zr.off("mousemove", point);
      zr.off("click", point);
      zr.off("globalout", leave);
      instance.off("datazoom", redrawn);
    };
  }, [option, ready]);

  useEffect(() => {
    if (!tick) return;
    const start = performance.now();
    const change = applyTick(data.current, period, tick.time, tick.price);
    if (change === "ignored") return;
    const instance = chart.current?.getEchartsInstance();
    if (!instance || instance.isDisposed()) return;
    const studies_ = studies.ma || studies.boll ? studySeries(data.current, studies) : [];
    const prices =
      chartType === "line"
        ? [{ id: "k", data: closes(data.current) }]
        : change === "added"
          ? [
              { id: "k", data: historyData(data.current) },
              { id: "live", data: liveData(data.current) },
            ]
          : [{ id: "live", data: liveData(data.current) }];
    instance.setOption({
      ...(change === "added" ? { xAxis: { data: categories(data.current, period) } } : {}),
      series: [...prices, ...studies_],
    });
    // draw now rather than on the next animation frame: one update a second, shown as soon as it arrives
    instance.getZr()?.flush();
    performance.measure("kline-tick", { start, end: performance.now() });
    // the timeline keeps every entry until cleared: a screen left open for hours must not grow with it
    if (performance.getEntriesByName("kline-tick").length >= MAX_TICK_MEASURES) performance.clearMeasures("kline-tick");
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the view's flags are read as they are when the tick comes
  }, [tick, period]);

  // the price line, the orders' lines and their countdowns: at most once a second
  useEffect(() => {
    const instance = chart.current?.getEchartsInstance();
    if (!ready || !instance || instance.isDisposed()) return;
    instance.setOption({ series: [marks(data.current, period, precision, price, orders, now)] });
    // tests read the chart's own option (lines drawn, labels) from the element
    if (box.current) Object.assign(box.current, { chart: instance });
  }, [price, orders, now, period, precision, ready, option]);

  const pointOf: PointOf = useCallback(
    (time, value) => {
      const instance = chart.current?.getEchartsInstance();
      if (!instance || instance.isDisposed()) return null;
      const point = instance.convertToPixel({ gridIndex: 0 }, [placeOf(data.current, period, time), value]) as number[] | undefined;
      return point && Number.isFinite(point[0]) && Number.isFinite(point[1]) ? [point[0]!, point[1]!] : null;
    },
    [period],
  );

  const shown = data.current[pointed ?? data.current.length - 1];
  return (
    <div className="tr-chart" data-testid="kline" data-candles={candles.length} data-chart-type={chartType} ref={box}>
      {shown && <CandleReadout candle={shown} period={period} precision={precision} />}
      <div className="tr-chart-canvas" role="img" aria-label={t`Price chart`}>
        {mounted && (
          <ReactEChartsCore
            ref={chart}
            echarts={echarts}
            option={option}
            notMerge
            lazyUpdate
            onChartReady={(instance: ReturnType<typeof echarts.init>) => {
              // the first draw of this instance (lazyUpdate draws on the next frame)
              const done = () => {
                performance.measure("kline-first-render", { start: renderStart, end: performance.now() });
                instance.off("finished", done);
              };
              instance.on("finished", done);
              setReady(true);
            }}
            style={{ height: "100%", width: "100%" }}
            opts={{ renderer: "canvas" }}
          />
        )}
      </div>
      {mounted && overlay?.(pointOf)}
    </div>
  );
}

function CandleReadout({
  candle: [time, open, high, low, close],
  period,
  precision,
}: {
  candle: NumericCandle;
  period: Period;
  precision: number;
}) {
  const { t } = useLingui();
  const price = (value: number) => value.toFixed(precision);
  return (
    <p className={`kline-readout tr-readout ${close >= open ? "up" : "down"}`} data-testid="kline-readout">
      <span>{label(time, period)}</span>
      <span>{t`O ${price(open)}`}</span>
      <span>{t`H ${price(high)}`}</span>
      <span>{t`L ${price(low)}`}</span>
      <span>{t`C ${price(close)}`}</span>
    </p>
  );
}
