import { atom } from "jotai";

import type { LatestQuote } from "#contract/markets";

import { store } from "../ui/store";
import type { QuotesCommand, QuotesReport } from "./quotes.worker";

/** Live quotes by product id, filled by the quotes worker; pages read them through jotai. */
export const quotesAtom = atom<Record<number, LatestQuote>>({});

/**
 * When each quote reached the page (performance.now()), from the worker's message: the chart's tick → pixels
 * time starts there, so it counts the wait for React to render the quote as well as the drawing.
 */
export const quoteArrivals = new WeakMap<LatestQuote, number>();

let worker: Worker | undefined;
const watchers = new Map<symbol, number[]>();

function send(command: QuotesCommand) {
  worker?.postMessage(command);
}

function startWorker(): Worker {
  const created = new Worker(new URL("./quotes.worker.ts", import.meta.url), { type: "module" });
  created.addEventListener("message", (event: MessageEvent<QuotesReport>) => {
    const arrived = performance.now();
    const next = { ...store.get(quotesAtom) };
    for (const quote of event.data.quotes) {
      next[quote.id] = quote;
      quoteArrivals.set(quote, arrived);
    }
    store.set(quotesAtom, next);
  });
  const visibility = () => send({ type: "visible", visible: document.visibilityState === "visible" });
  const online = () => send({ type: "online", online: navigator.onLine });
  document.addEventListener("visibilitychange", visibility);
  window.addEventListener("online", online);
  window.addEventListener("offline", online);
  worker = created;
  visibility();
  online();
  return created;
}

function sendWatched() {
  const pids = [...new Set([...watchers.values()].flat())];
  send({ type: "watch", pids });
}

/** Keeps the given products' quotes live while the caller is mounted; returns the stop function. */
export function watchQuotes(pids: number[]): () => void {
  worker ??= startWorker();
  const key = Symbol("watcher");
  watchers.set(key, pids);
  sendWatched();
  return () => {
    watchers.delete(key);
    sendWatched();
  };
}

/** Seeds the atom with quotes a loader fetched, so a page shows prices before the first poll. */
export function primeQuotes(quotes: LatestQuote[]): void {
  const next = { ...store.get(quotesAtom) };
  for (const quote of quotes) if (!next[quote.id] || next[quote.id]!.time < quote.time) next[quote.id] = quote;
  store.set(quotesAtom, next);
}
