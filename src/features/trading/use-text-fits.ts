import { type RefObject, useLayoutEffect, useState } from "react";

let canvas: HTMLCanvasElement | null = null;

/** How wide `text` is drawn in `element`'s font, in CSS pixels. */
function textWidth(element: HTMLElement, text: string): number {
  canvas ??= document.createElement("canvas");
  const context = canvas.getContext("2d");
  if (!context) return 0;
  const style = getComputedStyle(element);
  context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  return context.measureText(text).width;
}

/**
 * Whether `text`, drawn in the font of `box`, fits the box's width, or `width` pixels when given (less `reserve`
 * pixels for what sits beside it on the line): false when a long product name would be cut off on a narrow phone, so the head can show the
 * product's code instead. Measured off-screen, so the answer does not depend on which form is shown; again
 * whenever the box changes size and once the web fonts have loaded.
 */
export function useTextFits(box: RefObject<HTMLElement | null>, text: string, reserve = 0, width?: number): boolean {
  const [fits, setFits] = useState(true);
  useLayoutEffect(() => {
    const node = box.current;
    if (!node) return;
    let live = true;
    const measure = () => live && setFits(textWidth(node, text) + reserve <= (width ?? node.clientWidth));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    void document.fonts?.ready.then(measure);
    return () => {
      live = false;
      observer.disconnect();
    };
  }, [box, text, reserve, width]);
  return fits;
}
