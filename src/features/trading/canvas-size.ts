/** A canvas's size in CSS pixels. */
export interface CanvasSize {
  width: number;
  height: number;
}

/**
 * Each chart canvas's size as last read, kept up to date by the chart's ResizeObserver. Reading clientWidth
 * after React changed the page (a tick changes the header's price) would make the browser lay out the whole
 * page there and then, in the middle of drawing the tick, rather than once in its own frame.
 */
const sizes = new WeakMap<HTMLCanvasElement, CanvasSize>();

/** Whether the canvas's size has been read: its first draw waits for the page's layout until then. */
export const sizeKnown = (canvas: HTMLCanvasElement) => sizes.has(canvas);

/** The canvas's size: as last read, or read now (a draw before an observer has reported). */
export function sizeOf(canvas: HTMLCanvasElement): CanvasSize {
  return sizes.get(canvas) ?? readSize(canvas);
}

/** Reads the canvas's size again (the page has been laid out anew: a ResizeObserver's callback) and keeps it; true if it changed. */
export function readSizeAgain(canvas: HTMLCanvasElement): boolean {
  const before = sizes.get(canvas);
  const now = readSize(canvas);
  return before?.width !== now.width || before.height !== now.height;
}

function readSize(canvas: HTMLCanvasElement): CanvasSize {
  const size = { width: canvas.clientWidth, height: canvas.clientHeight };
  sizes.set(canvas, size);
  return size;
}
