import { useAtomValue } from "jotai";

import { dataOrNull } from "@/api/client";
import { loadCurrentUser } from "@/api/current-user";
import { loadFavourites } from "@/api/favourites";
import { currentUserAtom, readToken } from "@/api/session";
import { fetchHome } from "@/features/content/api";
import { BannerCarousel, NewsList, NoticeTicker } from "@/features/content/HomeContent";
import { HomePage } from "@/features/home/HomePage";
import { fetchProducts } from "@/features/markets/api";
import { QuoteList } from "@/features/markets/QuoteList";
import { cachedLoad } from "@/offline/cached-load";
import { OfflineBanner } from "@/ui/OfflineBanner";
import type { HomeData } from "#contract/content";
import type { ProductQuote } from "#contract/markets";

/** Home, composed from the content and market features; served at "/" and at the spec's pages/index/index: one loader and page for both. */
export async function loadHome(): Promise<{ products: ProductQuote[] | null; content: HomeData | null; offlineSince?: number }> {
  // a returning customer's account and stars are read alongside, so Home never offers "Log in" to a signed-in
  // customer and opens on the favourites at once
  const [products, content] = await Promise.all([
    fetchProducts(),
    cachedLoad("home", fetchHome),
    readToken() ? loadCurrentUser() : null,
    loadFavourites(),
  ]);
  return { products: dataOrNull(products), content: content.data, offlineSince: content.offlineSince };
}

export function HomeRoute({ data }: { data: Awaited<ReturnType<typeof loadHome>> }) {
  const loggedIn = useAtomValue(currentUserAtom) !== null;
  const { content, products, offlineSince } = data;
  return (
    <HomePage
      loggedIn={loggedIn}
      top={
        <>
          {offlineSince !== undefined && <OfflineBanner since={offlineSince} />}
          {content && <BannerCarousel banners={content.banners} />}
          {content && <NoticeTicker notices={content.notices} />}
        </>
      }
      quotes={products ? <QuoteList products={products} /> : null}
      bottom={content ? <NewsList news={content.news} company={content.company} /> : null}
    />
  );
}
