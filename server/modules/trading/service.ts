import { and, count, desc, eq, gte, lt, sum } from "drizzle-orm";

import type { ErrorKey } from "#contract/catalogue";
import { centsToShortDecimal as limitText } from "#contract/format";
import type { LanguageCode } from "#contract/languages";
import { formatPrice, parseAmount, parsePrice } from "#contract/money";
import type { OrderHistoryFilter } from "#contract/order-reports";
import { PAGE_SIZE } from "#contract/paging";
import type { Direction, Order, OrderPage } from "#contract/trading";
import { orderFee } from "#contract/trading-math";

import { orders, users } from "../../db/schema";
import type { PriceFeed, ProductRow } from "../../market/feed";
import type { UserRow } from "../accounts/sessions";
import type { ServiceContext } from "../context";
import { AppError } from "../errors";
import { moveMoney } from "../ledger/service";
import { findOption, findProduct } from "../markets/service";
import { type OrderRow, toOrder } from "./orders-view";

export interface TradingContext extends ServiceContext {
  feed: PriceFeed;
  /** the reader's language, for product names (English when not set) */
  language?: LanguageCode;
}

/** Limits read as people write them: 5000, not 5000.00. */

/** The market-side reasons an order cannot open now: status and quote freshness. */
function marketRefusal(ctx: TradingContext, product: ProductRow): { key: ErrorKey } | null {
  const now = ctx.now();
  const status = ctx.feed.status(product.id, now);
  if (status === "closed") return { key: "market_closed" };
  if (status === "not_trading_time") return { key: "not_trading_time" };
  const quote = ctx.feed.quote(product.id);
  // a real source silent past its tolerance refuses orders even while its last price is recent
  if (!quote || now - quote.time > product.maxQuoteAgeSeconds || ctx.feed.isStale(product.id, now)) return { key: "quote_stale" };
  return null;
}

/** GET /api/user/goorder: would an order be refused right now, and with which message. */
export function preTradeCheck(ctx: TradingContext, user: UserRow, pid: number): { allowed: boolean; reason?: ErrorKey } {
  const product = findProduct(ctx.feed, pid);
  const refusal = marketRefusal(ctx, product);
  if (refusal) return { allowed: false, reason: refusal.key };
  if (user.cash < product.singleMin + orderFee(product.singleMin, product.feeBps))
    return { allowed: false, reason: "balance_insufficient" };
  return { allowed: true };
}

export interface PlaceOrderInput {
  pid: number;
  direction: Direction;
  seconds: number;
  amount: string;
  /** the price the customer saw; without it the order opens at the server's price as it always did */
  price?: string;
  requestId: string;
}

/**
 * The customer agreed to the price they saw: an order whose price at acceptance is further from it than the
 * product's tolerance is refused with the new price, to be placed again by choice. The order still opens at the
 * server's price either way.
 */
function requoteRefusal(product: ProductRow, shown: string | undefined, price: number): AppError | null {
  if (shown === undefined) return null;
  const seen = parsePrice(shown, product.precision);
  if (Math.abs(price - seen) * 10_000 <= product.requoteToleranceBps * price) return null;
  return new AppError("price_moved", { price: formatPrice(price, product.precision) });
}

async function existingOrder(ctx: ServiceContext, userId: number, requestId: string): Promise<OrderRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.requestId, requestId)))
    .limit(1);
  return row;
}

const userQueues = new Map<number, Promise<unknown>>();

/**
 * Runs one user's orders one after another in this process. They would queue on the user's row lock anyway;
 * waiting here instead keeps a burst from one account to a single pooled connection, so it never starves
 * other customers' requests (nor delays their quotes). The row lock still orders them across processes.
 */
async function oneAtATime<T>(userId: number, work: () => Promise<T>): Promise<T> {
  const turn = (userQueues.get(userId) ?? Promise.resolve()).then(work);
  const tail = turn.catch(() => undefined);
  userQueues.set(userId, tail);
  try {
    return await turn;
  } finally {
    if (userQueues.get(userId) === tail) userQueues.delete(userId);
  }
}

/**
 * Opens a timed order in one transaction: the server takes the open price from the feed, charges
 * stake + fee, and writes the ledger. A retried submit with the same requestId returns the first order.
 */
export function placeOrder(ctx: TradingContext, user: UserRow, input: PlaceOrderInput): Promise<Order> {
  return oneAtATime(user.id, () => openOrder(ctx, user, input));
}

async function openOrder(ctx: TradingContext, user: UserRow, input: PlaceOrderInput): Promise<Order> {
  const product = findProduct(ctx.feed, input.pid);
  const retried = await existingOrder(ctx, user.id, input.requestId);
  if (retried) return toOrder(retried, product, ctx.language);

  const refusal = marketRefusal(ctx, product);
  if (refusal) throw new AppError(refusal.key);
  const option = await findOption(ctx, product.id, input.seconds);
  if (!option) throw new AppError("invalid_input", {}, "seconds");
  const amount = parseAmount(input.amount);
  if (amount === null || amount <= 0) throw new AppError("invalid_input", {}, "amount");
  if (amount < option.minAmount) throw new AppError("amount_too_small", { min: limitText(option.minAmount) });
  if (amount > option.maxAmount) throw new AppError("amount_too_large", { max: limitText(option.maxAmount) });
  if (amount < product.singleMin) throw new AppError("single_min", { min: limitText(product.singleMin) });
  if (amount > product.singleMax) throw new AppError("single_max", { max: limitText(product.singleMax) });
  const fee = orderFee(amount, product.feeBps);

  const row = await ctx.db.transaction(async (tx) => {
    // the user row lock serialises this user's orders, so the balance and open-stake checks hold
    const [account] = await tx.select({ cash: users.cash }).from(users).where(eq(users.id, user.id)).for("update");
    const [again] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.userId, user.id), eq(orders.requestId, input.requestId)))
      .limit(1);
    if (again) return again;
    const [open] = await tx
      .select({ stake: sum(orders.amount) })
      .from(orders)
      .where(and(eq(orders.userId, user.id), eq(orders.status, "holding")));
    if (Number(open?.stake ?? 0) + amount > product.totalMax) throw new AppError("holding_total_max", { max: limitText(product.totalMax) });
    if (!account || account.cash < amount + fee) throw new AppError("balance_insufficient");
    // the price is read at acceptance, inside the transaction: the client never names it
    const quote = ctx.feed.quote(product.id);
    const now = ctx.now();
    // the lock may have been waited for: the price must still be fresh when it is taken
    if (!quote || now - quote.time > product.maxQuoteAgeSeconds || ctx.feed.isStale(product.id, now)) throw new AppError("quote_stale");
    const moved = requoteRefusal(product, input.price, quote.price);
    if (moved) throw moved;
    const [created] = await tx
      .insert(orders)
      .values({
        userId: user.id,
        productId: product.id,
        requestId: input.requestId,
        direction: input.direction,
        amount,
        fee,
        seconds: option.seconds,
        payoutBps: option.payoutBps,
        openPrice: quote.price,
        openTickTime: quote.time,
        openTime: now,
        expiresAt: now + option.seconds,
      })
      .returning();
    await moveMoney(
      tx,
      user.id,
      [
        { account: "cash", delta: -amount, reason: "order_stake" },
        { account: "cash", delta: -fee, reason: "order_fee" },
      ],
      `order:${created!.id}`,
      now,
    );
    return created!;
  });
  return toOrder(row, product, ctx.language);
}

function productOf(ctx: TradingContext, row: OrderRow) {
  return ctx.feed.products.get(row.productId) ?? { code: "?", name: "?", nameTexts: null, precision: 2 };
}

export async function getOrder(ctx: TradingContext, user: UserRow, id: number): Promise<Order> {
  // another user's order is "not found": its existence is not revealed
  const [row] = await ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.userId, user.id)))
    .limit(1);
  if (!row) throw new AppError("order_not_found");
  return toOrder(row, productOf(ctx, row), ctx.language);
}

export async function holdingOrders(ctx: TradingContext, user: UserRow): Promise<Order[]> {
  const rows = await ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, user.id), eq(orders.status, "holding")))
    .orderBy(orders.expiresAt, orders.id);
  return rows.map((row) => toOrder(row, productOf(ctx, row), ctx.language));
}

/** The user's settled orders, newest settled first, narrowed by product, result and settlement time. */
export async function orderHistory(ctx: TradingContext, user: UserRow, page: number, filter: OrderHistoryFilter = {}): Promise<OrderPage> {
  const where = and(
    eq(orders.userId, user.id),
    eq(orders.status, "closed"),
    filter.pid === undefined ? undefined : eq(orders.productId, filter.pid),
    filter.result === undefined ? undefined : eq(orders.result, filter.result),
    filter.since === undefined ? undefined : gte(orders.closeTime, filter.since),
    filter.until === undefined ? undefined : lt(orders.closeTime, filter.until),
  );
  const [total] = await ctx.db.select({ n: count() }).from(orders).where(where);
  const rows = await ctx.db
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.closeTime), desc(orders.id))
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE);
  return { items: rows.map((row) => toOrder(row, productOf(ctx, row), ctx.language)), page, pageSize: PAGE_SIZE, total: total?.n ?? 0 };
}
