import { fairRevealTime } from "#contract/fair";
import { centsToDecimal } from "#contract/format";
import type { LanguageCode } from "#contract/languages";
import { bpsToRate, formatPrice } from "#contract/money";
import type { Order } from "#contract/trading";
import { orderProfit } from "#contract/trading-math";

import type { orders } from "../../db/schema";
import type { ProductRow } from "../../market/feed-view";
import { productName } from "../markets/service";

export type OrderRow = typeof orders.$inferSelect;

/** An order as its owner sees it: prices with the product's precision, money as decimal strings, the name in their language. */
export function toOrder(
  row: OrderRow,
  product: Pick<ProductRow, "code" | "name" | "nameTexts" | "precision"> & { feedSource?: string },
  language?: LanguageCode,
): Order {
  const price = (value: number | null) => (value === null ? null : formatPrice(value, product.precision));
  const result = row.result;
  return {
    id: row.id,
    pid: row.productId,
    code: product.code,
    name: productName(product, language),
    precision: product.precision,
    direction: row.direction,
    amount: centsToDecimal(row.amount),
    fee: centsToDecimal(row.fee),
    seconds: row.seconds,
    payoutRate: bpsToRate(row.payoutBps),
    openPrice: price(row.openPrice)!,
    openTime: row.openTime,
    closeTime: row.expiresAt,
    closePrice: price(row.closePrice),
    settledAt: row.closeTime,
    result,
    profit: result ? centsToDecimal(orderProfit(result, row.amount, row.payoutBps)) : null,
    payout: row.payout === null ? null : centsToDecimal(row.payout),
    status: row.status,
    voidReason: row.status === "void" ? row.voidReason : null,
    resultAt:
      row.status !== "holding" ? null : product.feedSource === "simulated" ? fairRevealTime(Math.floor(row.expiresAt / 60)) : row.expiresAt,
    account: row.account,
  };
}
