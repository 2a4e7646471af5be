import { useAtomValue } from "jotai";
import { useEffect, useMemo, useRef } from "react";

import { primeQuotes, quoteArrivals, quotesAtom, watchQuotes } from "@/workers/quotes";
import { type ProductDetail, QUOTE_STALE_SECONDS } from "#contract/markets";

/**
 * The product's price as the trade screen shows it: the quote worker's latest, else the loader's. `now` is the
 * server's clock, for telling a stale quote.
 */
export function useLiveQuote(detail: ProductDetail, now: number) {
  const live = useAtomValue(quotesAtom)[detail.id];
  useEffect(() => primeQuotes([detail]), [detail]);
  useEffect(() => watchQuotes([detail.id]), [detail.id]);

  const price = live?.price ?? detail.price;
  const status = live?.status ?? detail.status;
  const quoteTime = live?.time ?? detail.time;
  // the server says so when a real source has gone silent; an old quote is stale either way
  const stale = (live?.stale ?? detail.stale) || Math.max(0, Math.floor(now - quoteTime)) > QUOTE_STALE_SECONDS;
  const nextOpen = (live ? live.nextOpen : detail.nextOpen) ?? null;
  // `at`: when the quote reached the page, so the chart's tick → pixels time counts the wait for React's render
  // and the render itself too
  const tick = useMemo(
    () => (live ? { time: live.time, price: Number(live.price), at: quoteArrivals.get(live) ?? performance.now() } : null),
    [live],
  );
  // the price's colour says which way the last tick went; it keeps that colour while the price stands still
  const previous = useRef({ price, move: "flat" as "up" | "down" | "flat" });
  if (price !== previous.current.price) {
    const move = Number(price) > Number(previous.current.price) ? "up" : "down";
    previous.current = { price, move };
  }
  return { price, status, stale, nextOpen, tick, move: previous.current.move };
}
