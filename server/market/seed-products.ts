import { count } from "drizzle-orm";

import { parsePrice } from "#contract/money";

import type { Db } from "../db/client";
import { products, secondsOptions } from "../db/schema";
import { DEFAULT_FEE_BPS, DEFAULT_LIMITS, DEFAULT_OPTIONS, PRODUCT_CATALOG } from "./catalog";

/** First start: the catalogue's products with the default ticket settings. Does nothing once products exist. */
export async function seedProducts(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ n: count() }).from(products);
    if ((existing?.n ?? 0) > 0) return false;
    for (const definition of PRODUCT_CATALOG) {
      const [row] = await tx
        .insert(products)
        .values({
          code: definition.code,
          name: definition.name,
          nameTexts: definition.nameTexts,
          market: definition.market,
          calendar: definition.calendar,
          precision: definition.precision,
          basePrice: parsePrice(definition.basePrice, definition.precision),
          volatilityBps: definition.volatilityPct * 100,
          feeBps: DEFAULT_FEE_BPS,
          ...DEFAULT_LIMITS,
          sortOrder: definition.sortOrder,
        })
        .returning({ id: products.id });
      await tx.insert(secondsOptions).values(
        DEFAULT_OPTIONS.map((option) => ({
          productId: row!.id,
          seconds: option.seconds,
          payoutBps: option.payoutPct * 100,
          minAmount: option.min,
          maxAmount: option.max,
        })),
      );
    }
    return true;
  });
}
