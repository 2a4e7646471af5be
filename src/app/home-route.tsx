import { useAtomValue } from "jotai";
import type { ProductQuote } from "../../contract/markets";
import { dataOrNull } from "../api/client";
import { currentUserAtom } from "../api/session";
import { fetchProducts } from "../features/market/api";
import { QuoteList } from "../features/market/QuoteList";
import { HomePage } from "../features/home/HomePage";

/** Home is served at "/" and at the spec's pages/index/index: one loader and page for both. */
export async function loadHome(): Promise<ProductQuote[] | null> {
  return dataOrNull(await fetchProducts());
}

export function HomeRoute({ products }: { products: ProductQuote[] | null }) {
  const loggedIn = useAtomValue(currentUserAtom) !== null;
  return <HomePage loggedIn={loggedIn} quotes={products ? <QuoteList products={products} /> : null} />;
}
