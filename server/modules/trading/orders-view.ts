import { centsToDecimal } from "#contract/format";
import { bpsToRate, formatPrice } from "#contract/money";
import type { Order } from "#contract/trading";
import { orderProfit } from "#contract/trading-math";

import type { orders } from "../../db/schema";
import type { ProductRow } from "../../market/feed";

export type OrderRow = typeof orders.$inferSelect;

/** An order as its owner sees it: prices with the product's precision, money as decimal strings. */
export function toOrder(row: OrderRow, product: Pick<ProductRow, "code" | "name" | "precision">): Order {
  const price = (value: number | null) => (value === null ? null : formatPrice(value, product.precision));
  const result = row.result;
  return {
    id: row.id,
    pid: row.productId,
    code: product.code,
    name: product.name,
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
    status: row.status as Order["status"],
  };
}
