import { useLingui } from "@lingui/react/macro";
import ReactEChartsCore from "echarts-for-react/esm/core";
import { useEffect, useMemo, useRef, useState } from "react";

import { formatDateTime } from "@/i18n/format";
import type { Candle, Direction, Period } from "#contract/markets";

import { applyTick, type NumericCandle, toNumeric } from "./candles";
import { echarts } from "./echarts";

export interface EntryLine {
  price: number;
  direction: Direction;
  label: string;
}

interface Props {
  candles: Candle[];
  period: Period;
  precision: number;
  /** the newest tick, folded into the last candle in place */
  tick: { time: number; price: number } | null;
  entries: EntryLine[];
}

const UP = "#2ebd85";
/** How many tick → chart timings `npm run bench` can read back before they are cleared. */
const MAX_TICK_MEASURES = 120;
const DOWN = "#f6465d";

const label = (time: number, period: Period) => formatDateTime(time).slice(period === "1d" ? 0 : 5, period === "1d" ? 10 : 16);

/** echarts wants [category index, open, close, low, high]. */
const item = ([, open, high, low, close]: NumericCandle, index: number) => [index, open, close, low, high];
/** Every candle but the last: redrawn only when a new candle starts. */
const historyData = (candles: NumericCandle[]) => candles.slice(0, -1).map(item);
/**
 * The last candle is a series of its own with one item, so a tick redraws one candle, not thousands
 * (tick → chart update stays fast however long the history).
 */
const liveData = (candles: NumericCandle[]) => (candles.length ? [item(candles.at(-1)!, candles.length - 1)] : []);
const candleStyle = { color: UP, color0: DOWN, borderColor: UP, borderColor0: DOWN };
const encode = { x: 0, y: [1, 2, 3, 4] };

function markLines(entries: EntryLine[]) {
  return {
    symbol: "none",
    silent: true,
    data: entries.map((entry) => ({
      yAxis: entry.price,
      label: { formatter: entry.label, position: "insideStartTop" as const, color: entry.direction === "up" ? UP : DOWN },
      lineStyle: { color: entry.direction === "up" ? UP : DOWN, type: "dashed" as const },
    })),
  };
}

/**
 * The K-line: zoom and pan, the live last candle updated in place, the user's entry lines, and a text line with
 * the open, high, low and close of the candle under the finger (the live one otherwise). Text rather than
 * echarts' tooltip: screen readers can read it, and the trade screen is 8 KB lighter.
 */
export function KlineChart({ candles, period, precision, tick, entries }: Props) {
  const { t } = useLingui();
  const chart = useRef<ReactEChartsCore>(null);
  const data = useRef<NumericCandle[]>([]);
  data.current = useMemo(() => toNumeric(candles), [candles]);
  // performance marks read by `npm run bench`: first render of the data set, and tick → chart update
  const [renderStart] = useState(() => performance.now());
  const [pointed, setPointed] = useState<number | null>(null);
  // The page draws first and the chart a frame later: echarts' first layout is the trade screen's longest
  // task, and the price, the ticket buttons and the readout need not wait for it.
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setMounted(true));
    return () => cancelAnimationFrame(frame);
  }, []);

  const option = useMemo(
    () => ({
      animation: false,
      grid: { left: 8, right: 64, top: 16, bottom: 28 },
      xAxis: {
        type: "category",
        data: data.current.map(([time]) => label(time, period)),
        boundaryGap: true,
        axisLabel: { color: "#a9b4c6" },
      },
      yAxis: {
        scale: true,
        position: "right",
        axisLabel: { color: "#a9b4c6", formatter: (v: number) => v.toFixed(precision) },
        splitLine: { lineStyle: { color: "#26334a" } },
      },
      // pinch or wheel to zoom, drag to pan; opens on the last 60 candles
      dataZoom: [{ type: "inside", start: Math.max(0, 100 - (60 / Math.max(1, data.current.length)) * 100), end: 100 }],
      series: [
        {
          id: "k",
          type: "candlestick",
          encode,
          data: historyData(data.current),
          itemStyle: candleStyle,
          markLine: markLines(entries),
        },
        { id: "live", type: "candlestick", encode, data: liveData(data.current), itemStyle: candleStyle },
      ],
    }),
    // rebuilt for a new data set or period only; ticks and entry lines update the chart in place below
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new entry line must not redraw the whole chart
    [candles, period, precision],
  );

  useEffect(() => {
    const instance = chart.current?.getEchartsInstance();
    const done = () => {
      performance.measure("kline-first-render", { start: renderStart, end: performance.now() });
      instance?.off("finished", done);
    };
    instance?.on("finished", done);
  }, [renderStart, mounted]);

  useEffect(() => {
    const instance = chart.current?.getEchartsInstance();
    const zr = instance?.getZr();
    if (!instance || !zr) return;
    const point = (event: { offsetX: number; offsetY: number }) => {
      const [index] = instance.convertFromPixel({ gridIndex: 0 }, [event.offsetX, event.offsetY]) as number[];
      setPointed(index !== undefined && index >= 0 && index < data.current.length ? Math.round(index) : null);
    };
    const leave = () => setPointed(null);
    zr.on("mousemove", point);
    zr.on("click", point);
    zr.on("globalout", leave);
    return () => {
      zr.off("mousemove", point);
      zr.off("click", point);
      zr.off("globalout", leave);
    };
  }, [option, mounted]);

  useEffect(() => {
    if (!tick) return;
    const start = performance.now();
    const change = applyTick(data.current, period, tick.time, tick.price);
    if (change === "ignored") return;
    const instance = chart.current?.getEchartsInstance();
    if (!instance || instance.isDisposed()) return;
    instance.setOption(
      change === "added"
        ? {
            xAxis: { data: data.current.map(([time]) => label(time, period)) },
            series: [
              { id: "k", data: historyData(data.current) },
              { id: "live", data: liveData(data.current) },
            ],
          }
        : { series: [{ id: "live", data: liveData(data.current) }] },
    );
    // draw now rather than on the next animation frame: one update a second, shown as soon as it arrives
    instance.getZr()?.flush();
    performance.measure("kline-tick", { start, end: performance.now() });
    // the timeline keeps every entry until cleared: a screen left open for hours must not grow with it
    if (performance.getEntriesByName("kline-tick").length >= MAX_TICK_MEASURES) performance.clearMeasures("kline-tick");
  }, [tick, period]);

  useEffect(() => {
    chart.current?.getEchartsInstance().setOption({ series: [{ id: "k", markLine: markLines(entries) }] });
  }, [entries]);

  const shown = data.current[pointed ?? data.current.length - 1];
  return (
    <div className="kline" data-testid="kline" data-candles={candles.length}>
      {shown && <CandleReadout candle={shown} period={period} precision={precision} />}
      <div role="img" aria-label={t`Price chart`}>
        {mounted ? (
          <ReactEChartsCore
            ref={chart}
            echarts={echarts}
            option={option}
            notMerge={false}
            lazyUpdate
            style={{ height: 320 }}
            opts={{ renderer: "canvas" }}
          />
        ) : (
          <div style={{ height: 320 }} />
        )}
      </div>
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
    <p className={`kline-readout ${close >= open ? "up" : "down"}`} data-testid="kline-readout">
      <span>{label(time, period)}</span>
      <span>{t`O ${price(open)}`}</span>
      <span>{t`H ${price(high)}`}</span>
      <span>{t`L ${price(low)}`}</span>
      <span>{t`C ${price(close)}`}</span>
    </p>
  );
}
