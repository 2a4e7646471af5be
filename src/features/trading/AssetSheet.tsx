import { useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useAtomValue } from "jotai";
import { useEffect, useMemo, useState } from "react";

import { favouritesAtom, loadFavourites } from "@/api/favourites";
import { usePercentFormat } from "@/i18n/format";
import { StatusBadge } from "@/ui/MarketText";
import { Sheet } from "@/ui/Sheet";
import type { Period, ProductQuote } from "#contract/markets";

import { fetchAssets } from "./api";
import { assetList } from "./asset-search";

interface Props {
  /** the product on screen: marked in the list */
  pid: number;
  period: Period;
  onClose: () => void;
}

/**
 * The trade screen's asset switcher: every product with its top payout and whether its market is open (and when
 * it opens next), the customer's favourites first, found by code or by name in the app's language. Choosing one
 * opens its trade screen on the same period.
 */
export function AssetSheet({ pid, period, onClose }: Props) {
  const { t } = useLingui();
  const percent = usePercentFormat();
  const [products, setProducts] = useState<ProductQuote[] | null | "failed">(null);
  const [search, setSearch] = useState("");
  const starred = useAtomValue(favouritesAtom);
  const favourites = useMemo(() => starred ?? [], [starred]);
  useEffect(() => {
    void fetchAssets().then((list) => setProducts(list ?? "failed"));
    void loadFavourites();
  }, []);
  const shown = useMemo(() => (Array.isArray(products) ? assetList(products, favourites, search) : []), [products, favourites, search]);
  return (
    <Sheet title={t`Assets`} onClose={onClose}>
      <input
        type="search"
        className="asset-search"
        placeholder={t`Search by code or name`}
        aria-label={t`Search assets`}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        data-testid="asset-search"
      />
      {products === null && <p className="asset-note">{t`Loading…`}</p>}
      {products === "failed" && <p className="asset-note">{t`The list could not be loaded. Check the connection and open it again.`}</p>}
      {Array.isArray(products) && shown.length === 0 && <p className="asset-note">{t`No asset matches “${search}”.`}</p>}
      <ul className="asset-list" data-testid="asset-list">
        {shown.map((product) => (
          <li key={product.id}>
            <Link
              to="/pages/trade/trade"
              search={{ pid: product.id, period }}
              replace
              className="asset-row"
              aria-current={product.id === pid ? "true" : undefined}
              data-testid="asset-row"
              data-pid={product.id}
              onClick={onClose}
            >
              <span className="asset-name">
                {favourites.includes(product.id) && (
                  <span className="asset-star" aria-label={t`Favourite`}>
                    ★
                  </span>
                )}
                <strong>{product.name}</strong>
                <small>{product.code}</small>
              </span>
              <span className="asset-figures">
                <span className="asset-payout" data-testid="asset-payout">
                  {t`up to ${percent(product.topPayoutRate, { decimals: 0 })}`}
                </span>
                <StatusBadge status={product.status} opensAt={product.nextOpen} />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </Sheet>
  );
}
