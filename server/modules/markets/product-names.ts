import { eq } from "drizzle-orm";

import { withTranslations } from "#contract/localized-texts";

import { products } from "../../db/schema";
import type { PriceFeed } from "../../market/feed";
import type { ServiceContext } from "../context";
import { findProduct } from "./service";

/**
 * The product's display name: English (its `name`) and the other languages. The feed reloads its products, so
 * the next quote answer (built per feed version and language) shows the new names; a follower process picks
 * them up on its next round.
 */
export async function setProductNames(
  ctx: ServiceContext,
  feed: PriceFeed,
  input: { pid: number; name: string } & Record<string, unknown>,
) {
  const product = findProduct(feed, input.pid);
  const nameTexts = withTranslations(product.nameTexts, input, "name");
  await ctx.db.update(products).set({ name: input.name, nameTexts }).where(eq(products.id, product.id));
  await feed.reloadProducts();
  return { id: product.id, name: input.name, nameTexts };
}
