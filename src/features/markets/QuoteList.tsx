import { useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useAtomValue } from "jotai";
import { useEffect, useMemo, useRef, useState } from "react";

import { favouritesAtom } from "@/api/favourites";
import { currentUserAtom } from "@/api/session";
import { FavouriteStar } from "@/ui/FavouriteStar";
import { changePct, ChangeText, StatusBadge } from "@/ui/MarketText";
import { PriceSource, PriceSourceTag } from "@/ui/PriceSource";
import { scrollIntoRow } from "@/ui/scroll-into-row";
import { primeQuotes, quotesAtom, watchQuotes } from "@/workers/quotes";
import { MARKETS, type ProductQuote, type Sparklines } from "#contract/markets";

import { type HomeTab, initialTab, readHomeTab, writeHomeTab } from "./home-tab";

// the rows' glyphs and lines: requested now, while the shell starts, and drawn once here (as the ky chunk is)
const rowArt = import("./RowArt");
type RowArt = Awaited<typeof rowArt>;

/** Home's quotes: the customer's favourites, then one tab per market; prices kept live for the tab on screen. */
export function QuoteList({ products }: { products: ProductQuote[] }) {
  const { t } = useLingui();
  const signedIn = useAtomValue(currentUserAtom) !== null;
  const starred = useAtomValue(favouritesAtom);
  const favourites = useMemo(
    () => (signedIn ? (starred ?? []).flatMap((id) => products.filter((p) => p.id === id)) : []),
    [signedIn, starred, products],
  );
  const [chosen, setChosen] = useState<HomeTab | null>(readHomeTab);
  const tab = initialTab(chosen, favourites.length > 0, products.find((p) => p.status === "open")?.market);
  const live = useAtomValue(quotesAtom);
  const shown = useMemo(() => (tab === "favourites" ? favourites : products.filter((p) => p.market === tab)), [products, favourites, tab]);
  // one label for the list while every price in it is simulated; otherwise each row names its source
  const oneSource = shown.every((p) => p.simulated);
  const labels: Record<HomeTab, string> = {
    favourites: t`Favourites`,
    forex: t`Forex`,
    metals: t`Metals`,
    futures: t`Futures`,
    stocks: t`Stocks`,
    crypto: t`Crypto`,
  };
  const tabs: HomeTab[] = favourites.length > 0 ? ["favourites", ...MARKETS] : [...MARKETS];

  const [art, setArt] = useState<RowArt | null>(null);
  // the last hour's lines are read after the list is drawn; the live price continues each one
  const [sparks, setSparks] = useState<Sparklines>({});
  useEffect(() => {
    let current = true;
    void rowArt.then(async (loaded) => {
      if (current) setArt(loaded);
      const lines = await loaded.loadSparklines();
      if (current && lines) setSparks(lines);
    });
    return () => {
      current = false;
    };
  }, [products]);

  useEffect(() => primeQuotes(products), [products]);
  useEffect(() => watchQuotes(shown.map((p) => p.id)), [shown]);

  // the remembered tab may be past the screen's edge on a narrow phone: the row scrolls to it
  const tabRow = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const row = tabRow.current;
    const chip = row?.querySelector<HTMLElement>("[aria-selected=true]");
    if (row && chip) scrollIntoRow(row, chip);
  }, [tab]);

  function choose(next: HomeTab) {
    setChosen(next);
    writeHomeTab(next);
  }

  return (
    <section className="quotes" aria-labelledby="quotes-title">
      <h2 id="quotes-title" className="section-title">
        {t`Markets`} {oneSource && <PriceSource by={{ simulated: true, source: "simulated" }} />}
      </h2>
      <div className="tabs" role="tablist" aria-label={t`Markets`} ref={tabRow}>
        {tabs.map((m) => (
          <button key={m} type="button" role="tab" aria-selected={m === tab} className="tab-chip" onClick={() => choose(m)}>
            {labels[m]}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={labels[tab]}>
        <ul className="quote-list">
          {shown.map((product) => {
            const quote = live[product.id];
            const price = quote?.price ?? product.price;
            const status = quote?.status ?? product.status;
            // a copy saved before quotes carried it has no next open: the status alone is said
            const opensAt = (quote ? quote.nextOpen : product.nextOpen) ?? null;
            return (
              <li key={product.id} className="quote-item">
                <Link to="/pages/trade/trade" search={{ pid: product.id }} className="quote-row" data-code={product.code}>
                  {art ? <art.AssetIcon market={product.market} code={product.code} /> : <span className="asset-icon" />}
                  <span className="quote-name">
                    <strong>{product.name}</strong>
                    <StatusBadge status={status} opensAt={opensAt} />
                    {!oneSource && <PriceSourceTag by={product} />}
                  </span>
                  {art && sparks[product.id] ? (
                    <art.Sparkline points={[...sparks[product.id]!, price].map(Number)} />
                  ) : (
                    <span className="spark" />
                  )}
                  <span className="quote-figures">
                    <span className="quote-price" data-testid={`price-${product.code}`}>
                      {price}
                    </span>
                    <ChangeText pct={changePct(price, product.prevClose)} />
                  </span>
                </Link>
                <FavouriteStar pid={product.id} name={product.name} />
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
