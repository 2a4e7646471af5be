import { useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useAtomValue } from "jotai";
import { useEffect, useMemo, useState } from "react";

import { changePct, ChangeText, StatusBadge } from "@/ui/MarketText";
import { PriceSource, PriceSourceTag } from "@/ui/PriceSource";
import { primeQuotes, quotesAtom, watchQuotes } from "@/workers/quotes";
import { type Market, MARKETS, type ProductQuote } from "#contract/markets";

/** Home's quotes: one tab per market, prices kept live by the quotes worker for the tab on screen. */
export function QuoteList({ products }: { products: ProductQuote[] }) {
  const { t } = useLingui();
  const [market, setMarket] = useState<Market>(() => products.find((p) => p.status === "open")?.market ?? "forex");
  const live = useAtomValue(quotesAtom);
  const shown = useMemo(() => products.filter((p) => p.market === market), [products, market]);
  // one label for the list while every price in it is simulated; otherwise each row names its source
  const oneSource = shown.every((p) => p.simulated);
  const labels: Record<Market, string> = { forex: t`Forex`, metals: t`Metals`, futures: t`Futures`, stocks: t`Stocks`, crypto: t`Crypto` };

  useEffect(() => primeQuotes(products), [products]);
  useEffect(() => watchQuotes(shown.map((p) => p.id)), [shown]);

  return (
    <section className="quotes" aria-labelledby="quotes-title">
      <h2 id="quotes-title" className="section-title">
        {t`Markets`} {oneSource && <PriceSource by={{ simulated: true, source: "simulated" }} />}
      </h2>
      <div className="tabs" role="tablist" aria-label={t`Markets`}>
        {MARKETS.map((m) => (
          <button key={m} type="button" role="tab" aria-selected={m === market} className="tab-chip" onClick={() => setMarket(m)}>
            {labels[m]}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={labels[market]}>
        <ul className="quote-list">
          {shown.map((product) => {
            const quote = live[product.id];
            const price = quote?.price ?? product.price;
            const status = quote?.status ?? product.status;
            return (
              <li key={product.id}>
                <Link to="/pages/trade/trade" search={{ pid: product.id }} className="quote-row" data-code={product.code}>
                  <span className="quote-name">
                    <strong>{product.name}</strong>
                    <StatusBadge status={status} />
                    {!oneSource && <PriceSourceTag by={product} />}
                  </span>
                  <span className="quote-price" data-testid={`price-${product.code}`}>
                    {price}
                  </span>
                  <ChangeText pct={changePct(price, product.prevClose)} />
                </Link>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
