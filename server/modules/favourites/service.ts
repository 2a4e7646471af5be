import { and, asc, eq } from "drizzle-orm";

import type { FavouriteIds } from "#contract/favourites";

import { favourites } from "../../db/schema";
import type { PriceFeed } from "../../market/feed";
import type { UserRow } from "../accounts/sessions";
import type { ServiceContext } from "../context";
import { findProduct } from "../markets/service";

export interface FavouritesContext extends ServiceContext {
  feed: PriceFeed;
}

/** The user's starred products still listed, in the order they were starred. */
export async function listFavourites(ctx: FavouritesContext, user: UserRow): Promise<FavouriteIds> {
  const rows = await ctx.db
    .select({ pid: favourites.productId })
    .from(favourites)
    .where(eq(favourites.userId, user.id))
    .orderBy(asc(favourites.createdAt), asc(favourites.productId));
  return rows.map((row) => row.pid).filter((pid) => ctx.feed.products.has(pid));
}

/**
 * Stars or unstars one product. It sets a state rather than toggling it, so a repeated request (a double tap,
 * a retry) changes nothing; a product the platform does not list is refused.
 */
export async function setFavourite(ctx: FavouritesContext, user: UserRow, pid: number, on: boolean): Promise<FavouriteIds> {
  findProduct(ctx.feed, pid);
  if (on) {
    await ctx.db.insert(favourites).values({ userId: user.id, productId: pid, createdAt: ctx.now() }).onConflictDoNothing();
  } else {
    await ctx.db.delete(favourites).where(and(eq(favourites.userId, user.id), eq(favourites.productId, pid)));
  }
  return listFavourites(ctx, user);
}
