import { type RefObject, useEffect, useRef } from "react";

/** A point in the chart element, in CSS pixels from its top left corner. */
export interface ChartPoint {
  x: number;
  y: number;
}

export interface GestureHandlers {
  /** drag: the content moved `dx` pixels (positive: towards the right, older candles come into view) */
  pan(dx: number): void;
  /** wheel or pinch: show `factor` times as many candles (above 1 zooms out), keeping the place under `x` */
  zoom(factor: number, x: number): void;
  /** the crosshair: under the mouse, or under a finger after a long press; null hides it */
  point(at: ChartPoint | null): void;
}

/** How long a finger rests before the crosshair shows, and how far it may drift before that counts as a drag. */
export const LONG_PRESS_MS = 400;
const SLOP_PX = 8;

/**
 * Zoom and pan by touch (drag, pinch) and mouse (drag, wheel); the crosshair on hover and on a long press,
 * which then follows the finger instead of panning until it lifts. Pointer events on the element, which is
 * `touch-action: none` so the page neither scrolls nor zooms under it.
 */
export function useChartGestures(element: RefObject<HTMLElement | null>, handlers: GestureHandlers): void {
  const latest = useRef(handlers);
  latest.current = handlers;

  useEffect(() => {
    const node = element.current;
    if (!node) return;
    const on = () => latest.current;
    const pointers = new Map<number, ChartPoint>();
    let start: ChartPoint | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let pressing = false;
    let dragging = false;
    let pinch = 0;

    const local = (event: PointerEvent | WheelEvent): ChartPoint => {
      const box = node.getBoundingClientRect();
      return { x: event.clientX - box.left, y: event.clientY - box.top };
    };
    const spread = () => {
      const [a, b] = [...pointers.values()];
      return a && b ? { distance: Math.hypot(a.x - b.x, a.y - b.y), middle: (a.x + b.x) / 2 } : null;
    };
    const stopPress = () => {
      clearTimeout(timer);
      timer = undefined;
      if (pressing) on().point(null);
      pressing = false;
    };

    const down = (event: PointerEvent) => {
      if (event.pointerType === "mouse" && event.button !== 0) return;
      const at = local(event);
      pointers.set(event.pointerId, at);
      node.setPointerCapture?.(event.pointerId);
      if (event.pointerType === "mouse") {
        dragging = true;
        on().point(null);
        return;
      }
      if (pointers.size === 1) {
        start = at;
        dragging = false;
        timer = setTimeout(() => {
          timer = undefined;
          pressing = true;
          const finger = pointers.get(event.pointerId);
          if (finger) on().point(finger);
        }, LONG_PRESS_MS);
      } else {
        stopPress();
        dragging = false;
        pinch = spread()?.distance ?? 0;
      }
    };

    const move = (event: PointerEvent) => {
      const at = local(event);
      const before = pointers.get(event.pointerId);
      if (!before) {
        // a mouse moving over the chart without a button held
        if (event.pointerType === "mouse") on().point(at);
        return;
      }
      pointers.set(event.pointerId, at);
      if (pointers.size >= 2) {
        const now = spread();
        if (now && pinch > 0 && now.distance > 0) on().zoom(pinch / now.distance, now.middle);
        pinch = now?.distance ?? 0;
        return;
      }
      if (pressing) {
        on().point(at);
        return;
      }
      if (!dragging && start && Math.hypot(at.x - start.x, at.y - start.y) > SLOP_PX) {
        clearTimeout(timer);
        timer = undefined;
        dragging = true;
      }
      if (dragging) on().pan(at.x - before.x);
    };

    const up = (event: PointerEvent) => {
      if (!pointers.delete(event.pointerId)) return;
      if (event.pointerType === "mouse") {
        dragging = false;
        if (event.type === "pointerup") on().point(local(event));
        return;
      }
      if (pointers.size === 0) {
        stopPress();
        dragging = false;
        start = null;
      } else if (pointers.size === 1) {
        // one finger of a pinch lifted: the other drags on from where it is
        pinch = 0;
        dragging = true;
      }
    };

    const leave = (event: PointerEvent) => {
      if (event.pointerType === "mouse" && !pointers.has(event.pointerId)) on().point(null);
    };

    const wheel = (event: WheelEvent) => {
      event.preventDefault();
      const lines = event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? 400 : 1;
      const delta = (Math.abs(event.deltaY) > Math.abs(event.deltaX) ? event.deltaY : 0) * lines;
      if (delta !== 0) on().zoom(Math.exp(Math.max(-200, Math.min(200, delta)) * 0.002), local(event).x);
      // a sideways scroll (trackpad) pans
      if (event.deltaX !== 0 && Math.abs(event.deltaX) > Math.abs(event.deltaY)) on().pan(-event.deltaX * lines);
    };

    // a long press must not open the browser's menu (a right click still may)
    const menu = (event: Event) => {
      if (pointers.size > 0) event.preventDefault();
    };

    node.addEventListener("pointerdown", down);
    node.addEventListener("pointermove", move);
    node.addEventListener("pointerup", up);
    node.addEventListener("pointercancel", up);
    node.addEventListener("pointerleave", leave);
    node.addEventListener("wheel", wheel, { passive: false });
    node.addEventListener("contextmenu", menu);
    return () => {
      clearTimeout(timer);
      node.removeEventListener("pointerdown", down);
      node.removeEventListener("pointermove", move);
      node.removeEventListener("pointerup", up);
      node.removeEventListener("pointercancel", up);
      node.removeEventListener("pointerleave", leave);
      node.removeEventListener("wheel", wheel);
      node.removeEventListener("contextmenu", menu);
    };
  }, [element]);
}
