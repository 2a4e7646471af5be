import { useLingui } from "@lingui/react/macro";

/** Where a product's prices come from, as the quote answers say: simulated, or a named exchange. */
export interface PricedBy {
  simulated: boolean;
  source: string;
}

/** The label beside a price: "Simulated prices", or "Prices from Binance" for a real source. */
export function PriceSource({ by, className = "" }: { by: PricedBy; className?: string }) {
  const { t } = useLingui();
  const source = by.source;
  return (
    <span className={`simulated ${className}`.trim()} data-testid="price-source">
      {by.simulated ? t`Simulated prices` : t`Prices from ${source}`}
    </span>
  );
}

/** The short label on a quote row when a list mixes sources: "Simulated", or the exchange's name. */
export function PriceSourceTag({ by }: { by: PricedBy }) {
  const { t } = useLingui();
  return <span className="simulated">{by.simulated ? t`Simulated` : by.source}</span>;
}
