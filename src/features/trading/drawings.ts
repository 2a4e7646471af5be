import { createStore, del, get, set } from "idb-keyval";

/**
 * What the customer drew on a product's chart: horizontal lines at a price and trend lines between two points
 * (time and price, so they stay on their candles as the chart pans, zooms or changes period). Kept on the
 * device in IndexedDB, one entry per product, in a store of their own.
 */
export type Drawing =
  | { id: string; kind: "hline"; price: number }
  | { id: string; kind: "trend"; from: { time: number; price: number }; to: { time: number; price: number } };

export type DrawingKind = Drawing["kind"];

/** More would clutter a phone's chart; the oldest gives way. */
export const MAX_DRAWINGS = 20;

let store: ReturnType<typeof createStore> | undefined;
const drawingsStore = () => (store ??= createStore("trading-pwa-drawings", "drawings"));
const keyOf = (pid: number) => `product-${pid}`;

const isPoint = (value: unknown): value is { time: number; price: number } =>
  typeof (value as { time?: unknown })?.time === "number" && typeof (value as { price?: unknown })?.price === "number";

function isDrawing(value: unknown): value is Drawing {
  const drawing = value as Partial<Record<string, unknown>>;
  if (typeof drawing?.id !== "string") return false;
  if (drawing.kind === "hline") return typeof drawing.price === "number" && Number.isFinite(drawing.price);
  return drawing.kind === "trend" && isPoint(drawing.from) && isPoint(drawing.to);
}

export async function loadDrawings(pid: number): Promise<Drawing[]> {
  try {
    const saved = (await get(keyOf(pid), drawingsStore())) as unknown;
    return Array.isArray(saved) ? saved.filter(isDrawing).slice(-MAX_DRAWINGS) : [];
  } catch {
    return [];
  }
}

export async function saveDrawings(pid: number, drawings: Drawing[]): Promise<void> {
  try {
    if (drawings.length === 0) await del(keyOf(pid), drawingsStore());
    else await set(keyOf(pid), drawings.slice(-MAX_DRAWINGS), drawingsStore());
  } catch {
    // no IndexedDB (private mode in some browsers): the drawings last for this visit
  }
}

/** A drawing moved by a drag of (dTime, dPrice): a line keeps its shape, a single end only moves that end. */
export function movedDrawing(drawing: Drawing, part: "line" | "from" | "to", dTime: number, dPrice: number): Drawing {
  if (drawing.kind === "hline") return { ...drawing, price: drawing.price + dPrice };
  const shift = (point: { time: number; price: number }) => ({ time: point.time + dTime, price: point.price + dPrice });
  return {
    ...drawing,
    from: part === "to" ? drawing.from : shift(drawing.from),
    to: part === "from" ? drawing.to : shift(drawing.to),
  };
}

export const newDrawingId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
