import { type RefObject, useEffect, useState } from "react";

import { type EChartsType, init } from "./echarts";

/**
 * One echarts instance on an element, from the moment `active` turns true until unmount, resized with its
 * element. (echarts-for-react made a throwaway instance first and deep-compared options on every render.)
 * The instance is handed out for its first draw a task after it was made: both are long tasks on a slow phone,
 * and the screen around the chart answers taps in between. (Not in idle callbacks: while the service worker
 * installs, Chromium can hold those back to their timeout, and the chart came up to a second later.)
 */
export function useEcharts(element: RefObject<HTMLDivElement | null>, active: boolean): EChartsType | null {
  const [chart, setChart] = useState<EChartsType | null>(null);
  useEffect(() => {
    const node = element.current;
    if (!active || !node) return;
    const instance = init(node, undefined, { renderer: "canvas" });
    let size = `${node.clientWidth}x${node.clientHeight}`;
    const observer = new ResizeObserver(() => {
      const now = `${node.clientWidth}x${node.clientHeight}`;
      if (now === size || instance.isDisposed()) return;
      size = now;
      instance.resize();
    });
    observer.observe(node);
    const handOut = setTimeout(() => setChart(instance));
    return () => {
      clearTimeout(handOut);
      observer.disconnect();
      instance.dispose();
      setChart(null);
    };
  }, [element, active]);
  return chart;
}
