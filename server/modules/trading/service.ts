import { and, count, desc, eq, gte, inArray, lt } from "drizzle-orm";

import type { ErrorKey } from "#contract/catalogue";
import { clockExpiries, clockExpiryOption } from "#contract/clock-expiry";
import { centsToShortDecimal } from "#contract/format";
import type { LanguageCode } from "#contract/languages";
import { formatPrice, parsePrice } from "#contract/money";
import type { OrderHistoryFilter } from "#contract/order-reports";
import { PAGE_SIZE } from "#contract/paging";
import { type Direction, type Order, type OrderAccount, type OrderPage, PRACTICE_BALANCE_CENTS } from "#contract/trading";
import { orderFee } from "#contract/trading-math";

import type { Db, Tx } from "../../db/client";
import { orders } from "../../db/schema";
import { minuteOf, minutesCovered } from "../../market/fair-seeds";
import type { PriceFeed } from "../../market/feed";
import { parseFeedSource } from "../../market/feed-source";
import type { ProductRow, Quote, SecondsOptionRow } from "../../market/feed-view";
import { forgetSession, sessionHolds, type SessionRef, type UserRow } from "../accounts/sessions";
import type { ServiceContext } from "../context";
import { AppError } from "../errors";
import { type OrderToPlace, placeChargedOrder, type PlaceOrderAnswer } from "../ledger/service";
import { findProduct } from "../markets/service";
import { limitReached, selfExcluded } from "../self-limits/guards";
import { placeClockOrder } from "./clock-orders";
import { tellStreamsOfOrder } from "./order-events";
import { type OrderRow, toOrder } from "./orders-view";

export interface TradingContext extends ServiceContext {
  feed: PriceFeed;
  /** the reader's language, for product names (English when not set) */
  language?: LanguageCode;
}

/** Limits read as people write them: 5000, not 5000.00. */
const limitText = centsToShortDecimal;

/** The market-side reasons an order cannot open now: status and quote freshness. */
function marketRefusal(ctx: TradingContext, product: ProductRow): { key: ErrorKey } | null {
  const now = ctx.now();
  const status = ctx.feed.status(product.id, now);
  if (status === "closed") return { key: "market_closed" };
  if (status === "not_trading_time") return { key: "not_trading_time" };
  if (!freshQuote(ctx, product, now)) return { key: "quote_stale" };
  return null;
}

/** The product's latest quote, unless it is older than the product allows or its source has gone silent. */
function freshQuote(ctx: TradingContext, product: ProductRow, now: number): Quote | null {
  const quote = ctx.feed.quote(product.id);
  // a real source silent past its tolerance refuses orders even while its last price is recent
  if (!quote || now - quote.time > product.maxQuoteAgeSeconds || ctx.feed.isStale(product.id, now)) return null;
  return quote;
}

/** GET /api/user/goorder: would an order be refused right now, and with which message. */
export async function preTradeCheck(
  ctx: TradingContext,
  user: UserRow,
  pid: number,
  account: OrderAccount = "real",
): Promise<{ allowed: boolean; reason?: ErrorKey }> {
  const product = findProduct(ctx.feed, pid);
  const refusal = marketRefusal(ctx, product);
  if (refusal) return { allowed: false, reason: refusal.key };
  // the shortest option is the order most likely to be covered: refused even then, every order is
  const options = ctx.feed.secondsOptions.get(product.id) ?? [];
  const shortest = options.length > 0 ? Math.min(...options.map((option) => option.seconds)) : 0;
  if (!(await committedMinutes(ctx, product, shortest))) return { allowed: false, reason: "feed_uncommitted" };
  // an unopened practice balance opens with 10 000.00 at the order
  const balance = account === "practice" ? (user.practiceOpenedAt === null ? PRACTICE_BALANCE_CENTS : user.practice) : user.cash;
  if (balance < product.singleMin + orderFee(product.singleMin, product.feeBps)) return { allowed: false, reason: "balance_insufficient" };
  return { allowed: true };
}

export interface PlaceOrderInput {
  pid: number;
  direction: Direction;
  /** a duration option; ignored when `expiresAt` is given */
  seconds?: number;
  /** a clock time to settle at (Unix seconds), one of the boundaries offered now (contract/clock-expiry.ts) */
  expiresAt?: number;
  /** the stake in cents (the request schema parsed it) */
  amount: number;
  /** the price the customer saw; without it the order opens at the server's price as it always did */
  price?: string;
  requestId: string;
  /** whose money it stakes; real unless the request said practice */
  account?: OrderAccount;
}

/*
 * The customer agreed to the price they saw (`price`): an order whose price at acceptance is further from it
 * than the product's tolerance is refused with the new price, to be placed again by choice. `place_order`
 * compares it with the newest committed tick, the price the order would open at.
 */

async function existingOrder(db: Db | Tx, userId: number, requestId: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.requestId, requestId)))
    .limit(1);
  return row;
}

/**
 * The first order of a retried requestId, when the retry asks for the same order. The same requestId with
 * another product, direction, settlement time or stake is a different request and is refused as every other
 * money POST refuses it, rather than answered with an order it did not ask for. The price the customer saw is
 * not kept on the order, so a retry is not compared on it: that price only decides whether the order opens.
 */
function sameRequest(row: OrderRow, input: PlaceOrderInput): OrderRow {
  const sameExpiry = input.expiresAt === undefined ? row.seconds === input.seconds : row.expiresAt === input.expiresAt;
  const same =
    row.productId === input.pid &&
    row.direction === input.direction &&
    sameExpiry &&
    row.amount === input.amount &&
    row.account === (input.account ?? "real");
  if (!same) throw new AppError("request_reused");
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
 * Opens a timed order: the checks that need only memory here, then one call of `place_order`, which checks the
 * session, opens the order at the newest recorded tick, charges stake + fee and writes the ledger in one
 * transaction. One user's orders queue in this process. A retried submit with the same requestId returns the
 * first order.
 */
export function placeOrder(ctx: TradingContext, session: SessionRef, input: PlaceOrderInput): Promise<Order> {
  return oneAtATime(session.userId, () => openOrder(ctx, session, input));
}

/** What an order will be, once the checks that need no database have passed. */
export interface OrderPlan {
  product: ProductRow;
  /** the option whose payout rate and amount limits apply (for a clock time: clockExpiryOption's) */
  option: SecondsOptionRow;
  /** set for an order at a clock time: the boundary it settles at */
  expiresAt?: number;
  amount: number;
  fee: number;
}

/**
 * The option a clock-time order takes its rate from at `now`, or `expiry_not_offered` when `expiresAt` is not
 * among the boundaries offered now: not a whole minute, past its cut-off, or beyond the longest option. The
 * server's clock decides, never the client's.
 */
function clockOption(ctx: TradingContext, product: ProductRow, expiresAt: number, now: number): SecondsOptionRow {
  const options = ctx.feed.secondsOptions.get(product.id) ?? [];
  const longest = Math.max(0, ...options.map((option) => option.seconds));
  const option = clockExpiryOption(options, expiresAt - now);
  if (!option || !clockExpiries(now, longest).includes(expiresAt)) throw new AppError("expiry_not_offered");
  return option;
}

/** The option an order asks for: by its clock time when it has one (its `seconds` then ignored), else by duration. */
function chosenOption(ctx: TradingContext, product: ProductRow, input: PlaceOrderInput): SecondsOptionRow {
  if (input.expiresAt !== undefined) return clockOption(ctx, product, input.expiresAt, ctx.now());
  if (input.seconds === undefined) throw new AppError("field_required", {}, "seconds");
  const option = ctx.feed.secondsOption(product.id, input.seconds);
  if (!option) throw new AppError("invalid_input", {}, "seconds");
  return option;
}

/**
 * The checks of an order that read only memory: the product, its market and quote, the option (from the
 * feed's copy of the options) and the amount against the option's and the product's limits.
 */
export function planOrder(ctx: TradingContext, input: PlaceOrderInput): OrderPlan {
  const product = findProduct(ctx.feed, input.pid);
  const refusal = marketRefusal(ctx, product);
  if (refusal) throw new AppError(refusal.key);
  const option = chosenOption(ctx, product, input);
  const { amount } = input;
  if (amount < option.minAmount) throw new AppError("amount_too_small", { min: limitText(option.minAmount) });
  if (amount > option.maxAmount) throw new AppError("amount_too_large", { max: limitText(option.maxAmount) });
  if (amount < product.singleMin) throw new AppError("single_min", { min: limitText(product.singleMin) });
  if (amount > product.singleMax) throw new AppError("single_max", { max: limitText(product.singleMax) });
  return { product, option, expiresAt: input.expiresAt, amount, fee: orderFee(amount, product.feeBps) };
}

/** The order row `place_order` wrote, as the database holds it now. */
function placedRow(order: OrderToPlace, placed: PlaceOrderAnswer, expiresAt?: number): OrderRow {
  const openTime = placed.openTime!;
  const closesAt = expiresAt ?? openTime + order.seconds;
  return {
    id: placed.orderId!,
    userId: order.userId,
    productId: order.productId,
    requestId: order.requestId,
    direction: order.direction,
    amount: order.amount,
    fee: order.fee,
    seconds: closesAt - openTime,
    payoutBps: placed.payoutBps!,
    openPrice: placed.openPrice!,
    openTickTime: placed.openTickTime!,
    openTime,
    expiresAt: closesAt,
    status: "holding",
    voidReason: null,
    closePrice: null,
    closeTickTime: null,
    closeTime: null,
    result: null,
    payout: null,
    account: order.account,
  };
}

/**
 * How long an order may wait for its user's row lock and still open at the time taken before the wait: at
 * least this, or as long as the quote stays fresh. After a longer wait the time is taken again (and the quote
 * must still be fresh), as if it had been read after the lock.
 */
const LOCK_WAIT_GRACE_MS = 250;
/** Times taken again after long lock waits before the order is refused as a stale quote. */
const MAX_PRICE_TAKES = 5;
/**
 * Seconds after a product's price source changed during which no order opens on it: every process re-reads
 * the products within 5 s (server/jobs/runner.ts), and until the recorder has, it may still record the old
 * source's prices. A round that runs late is covered by the margin.
 */
export const SOURCE_SWITCH_SETTLE_SECONDS = 10;

/**
 * The database part of an order that passed `planOrder`: one call of `place_order` (server/db/ledger.ts)
 * checks the session (ended, expired, locked: `login_required`), re-checks the product (halted, switched
 * source), the option and its payout cap as committed now, locks the user, answers a retried requestId with its
 * first order, checks the newest committed tick's freshness, the open stake, the balance and the requote,
 * writes the order at that tick, charges stake + fee and writes their ledger rows, in one round trip.
 */
export async function placePlannedOrder(
  ctx: TradingContext,
  session: SessionRef,
  plan: OrderPlan,
  input: PlaceOrderInput,
): Promise<OrderRow> {
  const { product } = plan;
  let { option } = plan;
  const settlesIn = plan.expiresAt === undefined ? option.seconds : plan.expiresAt - ctx.now();
  if (!(await committedMinutes(ctx, product, settlesIn))) {
    // a retried submit still gets its first order
    await requireSession(ctx, session);
    const first = await existingOrder(ctx.db, session.userId, input.requestId);
    if (first) return first;
    throw new AppError("feed_uncommitted");
  }
  // whether place_order has looked at the session: a refusal answered without its call checks it first
  let sessionChecked = false;
  // the refusal if no take opens the order; built only then (an Error captures its stack, a cost on every order)
  let refusal: () => AppError = () => new AppError("quote_stale");
  for (let take = 0; take < MAX_PRICE_TAKES; take++) {
    // the time is the server's, and the price the newest tick committed when the order is written
    const now = ctx.now();
    const quote = freshQuote(ctx, product, now);
    if (!quote) break;
    // a clock time is checked again at each take: a lock wait may have run it past its cut-off
    if (plan.expiresAt !== undefined) {
      try {
        option = clockOption(ctx, product, plan.expiresAt, now);
      } catch (notOffered) {
        refusal = () => notOffered as AppError;
        break;
      }
    }
    const order: OrderToPlace = {
      tokenHash: session.tokenHash,
      userId: session.userId,
      productId: product.id,
      requestId: input.requestId,
      direction: input.direction,
      amount: plan.amount,
      fee: plan.fee,
      seconds: option.seconds,
      feedSource: product.feedSource,
      shownPrice: input.price === undefined ? null : parsePrice(input.price, product.precision),
      openTime: now,
      account: input.account ?? "real",
    };
    const freshForMs = (quote.time + ctx.feed.maxQuoteAge(product) - now) * 1000;
    const checks = { waitLimitMs: Math.max(LOCK_WAIT_GRACE_MS, freshForMs), switchSettleSeconds: SOURCE_SWITCH_SETTLE_SECONDS };
    const placed =
      plan.expiresAt === undefined
        ? await placeChargedOrder(ctx.db, order, checks)
        : await placeClockOrder(ctx.db, order, checks, plan.expiresAt);
    if (placed.outcome === "session") {
      forgetSession(session);
      throw new AppError("login_required");
    }
    sessionChecked = true;
    switch (placed.outcome) {
      case "created":
        tellStreamsOfOrder(ctx.db, ctx.log);
        return placedRow(order, placed, plan.expiresAt);
      case "prior": {
        const [prior] = await ctx.db.select().from(orders).where(eq(orders.id, placed.orderId!));
        return sameRequest(prior!, input);
      }
      case "closed":
      case "source":
        // this process priced from products that changed since it read them: read them again now
        await ctx.feed.reloadProducts();
        refusal = () => new AppError(placed.outcome === "closed" ? "market_closed" : "quote_stale");
        break;
      case "option":
      case "payout_cap":
        await ctx.feed.reloadProducts();
        refusal = () => new AppError("invalid_input", {}, "seconds");
        break;
      case "stale":
        refusal = () => new AppError("quote_stale");
        break;
      case "frozen":
        throw new AppError("account_frozen");
      case "total_max":
        throw new AppError("holding_total_max", { max: limitText(product.totalMax) });
      case "balance":
        throw new AppError("balance_insufficient");
      case "price_moved":
        throw new AppError("price_moved", { price: formatPrice(placed.openPrice!, product.precision) });
      case "waited":
        continue;
      case "self_excluded":
        throw selfExcluded(placed.openTime!);
      default:
        // the customer's own limit named by the outcome (order_limit_refusal, migration 0037)
        throw limitReached(placed.outcome, placed.openTime);
    }
    break;
  }
  // refused (perhaps after a lock wait): a retried submit still gets its first order
  if (!sessionChecked) await requireSession(ctx, session);
  const again = await existingOrder(ctx.db, session.userId, input.requestId);
  if (again) return sameRequest(again, input);
  throw refusal();
}

/**
 * A simulated product's order opens only when published commitments whose seeds are still held cover its
 * entry and exit minutes: every tick that can decide it was then fixed before it was accepted. Read before
 * `place_order`, so the commitment is older than the acceptance (a commitment is never removed).
 */
async function committedMinutes(ctx: TradingContext, product: ProductRow, seconds: number): Promise<boolean> {
  if (parseFeedSource(product.feedSource)?.kind !== "simulated") return true;
  const now = ctx.now();
  // the order opens on the newest recorded tick, which may be a second or two older than now: that second must
  // be covered. A feed that has just committed (a start, a takeover) recorded the seconds before its commitment
  // uncommitted, and an order opened on one of them would be void.
  const at = freshQuote(ctx, product, now)?.time ?? now;
  return minutesCovered(ctx.db, [minuteOf(at), minuteOf(now + seconds)], at);
}

/** For an answer given without `place_order`: the session as committed now, or `login_required`. */
async function requireSession(ctx: TradingContext, session: SessionRef): Promise<void> {
  if (!(await sessionHolds(ctx, session))) throw new AppError("login_required");
}

async function openOrder(ctx: TradingContext, session: SessionRef, input: PlaceOrderInput): Promise<Order> {
  let plan: OrderPlan;
  try {
    plan = planOrder(ctx, input);
  } catch (refusal) {
    // an ended or locked session is refused as such, not told about the market
    await requireSession(ctx, session);
    // a retried submit answers with the first order even when a new one would be refused now
    const retried = await existingOrder(ctx.db, session.userId, input.requestId);
    if (retried)
      return toOrder(
        sameRequest(retried, input),
        ctx.feed.products.get(retried.productId) ?? findProduct(ctx.feed, input.pid),
        ctx.language,
      );
    throw refusal;
  }
  return toOrder(await placePlannedOrder(ctx, session, plan, input), plan.product, ctx.language);
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

/** The user's holding orders of one account: real unless asked for practice, as callers before practice meant. */
export async function holdingOrders(ctx: TradingContext, user: UserRow, account: OrderAccount = "real"): Promise<Order[]> {
  const rows = await ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, user.id), eq(orders.status, "holding"), eq(orders.account, account)))
    .orderBy(orders.expiresAt, orders.id);
  return rows.map((row) => toOrder(row, productOf(ctx, row), ctx.language));
}

/**
 * The user's finished orders, newest first, narrowed by product, result and settlement time: the settled ones
 * and the void ones (refunded, with no result, their close time the moment they were voided).
 */
export async function orderHistory(ctx: TradingContext, user: UserRow, page: number, filter: OrderHistoryFilter = {}): Promise<OrderPage> {
  const where = and(
    eq(orders.userId, user.id),
    inArray(orders.status, ["closed", "void"]),
    // one account's history at a time: real unless asked for practice
    eq(orders.account, filter.account ?? "real"),
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
