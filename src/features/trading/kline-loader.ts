import { useEffect, useState } from "react";

import type { KlineChart } from "./KlineChart";

type Chart = typeof KlineChart;
let loaded: Chart | undefined;
let loading: Promise<Chart> | undefined;

/**
 * Fetches the chart's code (echarts, most of the screen's bytes) once; the trade screen's loader starts it
 * beside its data requests, so it is usually there when the page first renders.
 */
export function loadKlineChart(): Promise<Chart> {
  loading ??= import("./KlineChart").then(
    (module) => (loaded = module.KlineChart),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * The chart component once its code has arrived, undefined until then. Not React.lazy: a lazy component that
 * suspends is revealed by React up to 300 ms late (it throttles Suspense fallbacks), and the chart would wait
 * for that even when its code came a moment after the page. A failed fetch is thrown for the error boundary
 * (chunk recovery), as lazy would.
 */
export function useKlineChart(): Chart | undefined {
  const [chart, setChart] = useState(() => loaded);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  useEffect(() => {
    if (chart) return;
    let current = true;
    loadKlineChart().then(
      (component) => current && setChart(() => component),
      (error: unknown) => current && setFailure({ error }),
    );
    return () => {
      current = false;
    };
  }, [chart]);
  if (failure) throw failure.error;
  return chart;
}
