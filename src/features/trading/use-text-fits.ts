import { type RefObject, useLayoutEffect, useState } from "react";
import { flushSync } from "react-dom";

let canvas: HTMLCanvasElement | null = null;

/** How wide `text` is drawn in `font` (a CSS font shorthand), in CSS pixels. */
function textWidth(font: string, text: string): number {
  canvas ??= document.createElement("canvas");
  const context = canvas.getContext("2d");
  if (!context) return 0;
  context.font = font;
  return context.measureText(text).width;
}

/** The font `element` draws its text in, as a canvas takes it. */
function fontOf(element: Element): string {
  const style = getComputedStyle(element);
  return `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
}

/**
 * Whether `text`, drawn in the font of `box`, fits the box's width, or `width` pixels when given (less `reserve`
 * pixels for what sits beside it on the line): false when a long product name would be cut off on a narrow phone, so
 * the head can show the product's code instead. Measured off-screen, so the answer does not depend on which form is
 * shown; again whenever the box changes size and once the web fonts have loaded.
 *
 * It reads nothing from layout itself: the trade screen opens inside the chart's first draw, where a forced layout
 * costs a frame. The box's width and font come from its ResizeObserver, whose first callback runs after the
 * browser's own layout and before the first paint; the answer is committed there and then (flushSync), so the first
 * frame already shows the right form, never the long word for a frame.
 */
export function useTextFits(box: RefObject<HTMLElement | null>, text: string, reserve = 0, width?: number): boolean {
  const [fits, setFits] = useState(true);
  useLayoutEffect(() => {
    const node = box.current;
    if (!node) return;
    let live = true;
    // what the last observation saw, for a measure again once the fonts have loaded (which changes no size)
    let seen: { font: string; room: number } | null = null;
    const answer = () => seen !== null && textWidth(seen.font, text) + reserve <= seen.room;
    const decideAgain = () => {
      if (live && seen) setFits(answer());
    };
    const observer = new ResizeObserver((entries) => {
      const entry = entries.at(-1);
      if (!entry) return;
      // layout and style are already done when an observer is told: reading the font here costs nothing
      seen = { font: fontOf(node), room: width ?? entry.contentRect.width };
      // committed before the paint that follows, not in a later task after it
      const fitsNow = answer();
      flushSync(() => setFits(fitsNow));
    });
    observer.observe(node);
    void document.fonts?.ready.then(decideAgain);
    return () => {
      live = false;
      observer.disconnect();
    };
  }, [box, text, reserve, width]);
  return fits;
}
