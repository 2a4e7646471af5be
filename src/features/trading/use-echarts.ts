import { type RefObject, useEffect, useRef, useState } from "react";

import { type EChartsType, init } from "./echarts";

/**
 * One echarts instance on an element, resized with its element and disposed on unmount. It is made after the
 * frame that shows the screen around it (echarts' first layout is the screen's longest task, and the price and
 * the trade bar need not wait for it), and `firstDraw` gives it its first option in that same task (echarts
 * draws within setOption); then it is handed out for updates. One task, not a chain (a frame to mount, a task to
 * make the instance, a render and an effect to set its option): on a busy phone each hop can wait tens of
 * milliseconds. (Not in idle callbacks: while the service worker installs, Chromium can hold those back to their
 * timeout, and the chart came up to a second later.)
 */
export function useEcharts(element: RefObject<HTMLDivElement | null>, firstDraw: (chart: EChartsType) => void): EChartsType | null {
  const [chart, setChart] = useState<EChartsType | null>(null);
  const draw = useRef(firstDraw);
  draw.current = firstDraw;
  useEffect(() => {
    const node = element.current;
    if (!node) return;
    let instance: EChartsType | undefined;
    let observer: ResizeObserver | undefined;
    let task: ReturnType<typeof setTimeout> | undefined;
    // a task queued from the frame's callback runs once that frame is drawn
    const frame = requestAnimationFrame(() => {
      task = setTimeout(() => {
        const made = init(node, undefined, { renderer: "canvas" });
        instance = made;
        draw.current(made);
        let size = `${node.clientWidth}x${node.clientHeight}`;
        observer = new ResizeObserver(() => {
          const now = `${node.clientWidth}x${node.clientHeight}`;
          if (now === size || made.isDisposed()) return;
          size = now;
          made.resize();
        });
        observer.observe(node);
        setChart(made);
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(task);
      observer?.disconnect();
      instance?.dispose();
      setChart(null);
    };
  }, [element]);
  return chart;
}
