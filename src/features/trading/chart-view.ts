import type { NumericCandle } from "./candles";

/**
 * Which places of the chart are on screen: `first` is the index of the leftmost place, `count` how many are
 * shown. Places are the candles held, then a few empty ones right of the live candle (room for expiry lines).
 */
export interface View {
  first: number;
  count: number;
}

/** Empty places right of the live candle: room for the expiry lines of orders still running. */
export const FUTURE = 6;
/** Zoomed in: candles wide enough to read; zoomed out: few enough to draw within a frame on a phone. */
export const MIN_VISIBLE = 12;
export const MAX_VISIBLE = 400;
/** The view a chart opens on: the last 60 candles and the room for expiries. */
export const OPENING_VISIBLE = 60 + FUTURE;

/** Keeps a view inside the places there are, its width within the zoom limits. */
export function clampView(view: View, places: number): View {
  const count = Math.max(Math.min(MIN_VISIBLE, places), Math.min(Math.round(view.count), MAX_VISIBLE, places));
  const first = Math.min(Math.max(0, Math.round(view.first)), Math.max(0, places - count));
  return { first, count };
}

export const openingView = (places: number): View => clampView({ first: places - OPENING_VISIBLE, count: OPENING_VISIBLE }, places);

/** Whether the view reaches the right edge: new candles then scroll in. */
export const atLatest = (view: View, places: number) => view.first + view.count >= places;

/** Moves the view by whole places: positive shows newer candles, negative older ones. */
export const panView = (view: View, places: number, by: number): View => clampView({ first: view.first + by, count: view.count }, places);

/**
 * Zooms by `factor` (above 1 shows more candles) around a point `anchor` of the width (0 left edge, 1 right
 * edge), which keeps the candle under it in place. At the right edge the view stays there.
 */
export function zoomView(view: View, places: number, factor: number, anchor: number): View {
  const count = Math.max(MIN_VISIBLE, Math.min(MAX_VISIBLE, view.count * factor));
  if (atLatest(view, places)) return clampView({ first: places - count, count }, places);
  const pivot = view.first + anchor * view.count;
  return clampView({ first: pivot - anchor * count, count }, places);
}

/**
 * The price range the visible candles span (and any other visible series, such as study lines), with a margin
 * above and below, so the price axis always fits what is on screen.
 */
export function priceExtent(
  candles: NumericCandle[],
  from: number,
  to: number,
  extra: ReadonlyArray<ArrayLike<number>> = [],
): [number, number] | null {
  let low = Infinity;
  let high = -Infinity;
  const end = Math.min(to, candles.length);
  for (let i = Math.max(0, from); i < end; i++) {
    const candle = candles[i]!;
    if (candle[3] < low) low = candle[3];
    if (candle[2] > high) high = candle[2];
  }
  for (const line of extra) {
    for (let i = Math.max(0, from); i < Math.min(to, line.length); i++) {
      const value = line[i]!;
      if (Number.isNaN(value)) continue;
      if (value < low) low = value;
      if (value > high) high = value;
    }
  }
  if (low > high) return null;
  const margin = (high - low) * 0.08 || Math.abs(high) * 0.001 || 1;
  return [low - margin, high + margin];
}
