import type { ProductQuote } from "#contract/markets";

/** Lower case without accents or the separators codes are written with: "eur/usd", "EURUSD" and "Eur usd" meet. */
const folded = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/\p{Mark}/gu, "")
    .toLocaleLowerCase()
    .replace(/[\s/._-]+/g, "");

/**
 * The asset sheet's list: the products whose code or name (in the language shown) contains the search, the
 * customer's favourites first in the order starred, then the rest in the order the app lists them.
 */
export function assetList(products: ProductQuote[], favourites: readonly number[], search: string): ProductQuote[] {
  const wanted = folded(search.trim());
  const matching = wanted ? products.filter((p) => folded(p.code).includes(wanted) || folded(p.name).includes(wanted)) : products;
  const starred = favourites.flatMap((pid) => matching.filter((p) => p.id === pid));
  return [...starred, ...matching.filter((p) => !favourites.includes(p.id))];
}
