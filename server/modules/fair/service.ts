import { and, asc, desc, eq, gte, inArray, lt, lte, sql } from "drizzle-orm";

import type { FairCommitment, FairHead, FairOrderProof, FairReveal, FairTick, FairTickProof, FairVoidDay } from "#contract/fair";
import type { VoidReason } from "#contract/trading";

import { fairCommitments, fairHeads, fairReveals, orders, products, ticks } from "../../db/schema";
import { minuteOf } from "../../market/fair-seeds";
import type { ServiceContext } from "../context";
import { AppError } from "../errors";

/** The minutes whose first second lies in [from, to]. */
const minuteRange = (from: number, to: number) => ({ first: Math.ceil(from / 60), last: Math.floor(to / 60) });

const toCommitment = (row: typeof fairCommitments.$inferSelect): FairCommitment => ({
  minute: row.minute,
  start: row.minute * 60,
  commitment: row.commitment,
  params: row.params,
  createdAt: row.createdAt,
  lost: row.lost,
});

const toReveal = (row: typeof fairReveals.$inferSelect): FairReveal => ({
  commitment: row.commitment,
  minute: row.minute,
  start: row.minute * 60,
  seed: row.seed,
  revealedAt: row.revealedAt,
});

const toHead = (row: typeof fairHeads.$inferSelect): FairHead => ({
  pid: row.productId,
  minute: row.minute,
  start: row.minute * 60,
  head: row.head,
  lastTime: row.lastTime,
});

/** GET /api/fair/commitments: every commitment of the window's minutes, oldest first. */
export async function listCommitments(ctx: ServiceContext, from: number, to: number): Promise<FairCommitment[]> {
  const { first, last } = minuteRange(from, to);
  const rows = await ctx.db
    .select()
    .from(fairCommitments)
    .where(and(gte(fairCommitments.minute, first), lte(fairCommitments.minute, last)))
    .orderBy(asc(fairCommitments.minute), asc(fairCommitments.createdAt));
  return rows.map(toCommitment);
}

/** GET /api/fair/reveals: every seed of the window's minutes revealed so far, oldest first. */
export async function listReveals(ctx: ServiceContext, from: number, to: number): Promise<FairReveal[]> {
  const { first, last } = minuteRange(from, to);
  const rows = await ctx.db
    .select()
    .from(fairReveals)
    .where(and(gte(fairReveals.minute, first), lte(fairReveals.minute, last)))
    .orderBy(asc(fairReveals.minute));
  return rows.map(toReveal);
}

/** GET /api/fair/heads: a product's head after each minute of the window (the last hour up to now by default). */
export async function listHeads(ctx: ServiceContext, pid: number, from?: number, to?: number): Promise<FairHead[]> {
  const end = to ?? ctx.now();
  const start = from ?? end - 3600;
  const rows = await ctx.db
    .select()
    .from(fairHeads)
    .where(and(eq(fairHeads.productId, pid), gte(fairHeads.minute, minuteOf(start)), lte(fairHeads.minute, minuteOf(end))))
    .orderBy(asc(fairHeads.minute));
  return rows.map(toHead);
}

const toTick = (row: typeof ticks.$inferSelect): FairTick => ({
  time: row.time,
  price: row.price,
  uncommitted: row.uncommitted,
  link: row.link,
});

/** The recorded tick at or before `time`, the one before it, the rest of its minute and the minute's head. */
async function tickProof(ctx: ServiceContext, pid: number, time: number): Promise<FairTickProof> {
  const [tick] = await ctx.db
    .select()
    .from(ticks)
    .where(and(eq(ticks.productId, pid), lte(ticks.time, time)))
    .orderBy(desc(ticks.time))
    .limit(1);
  if (!tick) return { time, previous: null, ticks: [], head: null };
  const minute = minuteOf(tick.time);
  const [previous] = await ctx.db
    .select()
    .from(ticks)
    .where(and(eq(ticks.productId, pid), lt(ticks.time, tick.time)))
    .orderBy(desc(ticks.time))
    .limit(1);
  const rest = await ctx.db
    .select()
    .from(ticks)
    .where(and(eq(ticks.productId, pid), gte(ticks.time, tick.time), lt(ticks.time, (minute + 1) * 60)))
    .orderBy(asc(ticks.time));
  const [head] = await ctx.db
    .select()
    .from(fairHeads)
    .where(and(eq(fairHeads.productId, pid), eq(fairHeads.minute, minute)));
  return { time, previous: previous ? toTick(previous) : null, ticks: rest.map(toTick), head: head ? toHead(head) : null };
}

/**
 * GET /api/fair/ticks: every recorded tick of a product's minute (the one holding second `time`), the tick
 * before the minute and the minute's head: what recomputes the minute from its revealed seed. Empty once the
 * minute's ticks are pruned (its head stays).
 */
export async function minuteTicks(ctx: ServiceContext, pid: number, time: number): Promise<FairTickProof> {
  const start = minuteOf(time) * 60;
  const [previous] = await ctx.db
    .select()
    .from(ticks)
    .where(and(eq(ticks.productId, pid), lt(ticks.time, start)))
    .orderBy(desc(ticks.time))
    .limit(1);
  const inMinute = await ctx.db
    .select()
    .from(ticks)
    .where(and(eq(ticks.productId, pid), gte(ticks.time, start), lt(ticks.time, start + 60)))
    .orderBy(asc(ticks.time));
  const [head] = await ctx.db
    .select()
    .from(fairHeads)
    .where(and(eq(fairHeads.productId, pid), eq(fairHeads.minute, start / 60)));
  return { time: start, previous: previous ? toTick(previous) : null, ticks: inMinute.map(toTick), head: head ? toHead(head) : null };
}

/** GET /api/fair/order: one of the customer's own orders with everything that checks its two ticks. */
export async function orderProof(ctx: ServiceContext, userId: number, id: number): Promise<FairOrderProof> {
  const [order] = await ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.userId, userId)));
  if (!order) throw new AppError("order_not_found");
  const [product] = await ctx.db.select().from(products).where(eq(products.id, order.productId));
  const entry = await tickProof(ctx, order.productId, order.openTickTime);
  const exit = order.status === "holding" ? null : await tickProof(ctx, order.productId, order.closeTickTime ?? order.expiresAt);
  const minutes = [minuteOf(order.openTickTime), minuteOf(order.expiresAt)];
  const [commitments, reveals] = await Promise.all([
    ctx.db.select().from(fairCommitments).where(inArray(fairCommitments.minute, minutes)).orderBy(asc(fairCommitments.minute)),
    ctx.db.select().from(fairReveals).where(inArray(fairReveals.minute, minutes)).orderBy(asc(fairReveals.minute)),
  ]);
  return {
    id: order.id,
    pid: order.productId,
    symbol: product?.code ?? "",
    precision: product?.precision ?? 0,
    status: order.status,
    voidReason: order.voidReason ?? null,
    openTime: order.openTime,
    entry,
    exit,
    commitments: commitments.map(toCommitment),
    reveals: reveals.map(toReveal),
  };
}

/** GET /api/fair/voids: voided orders per UTC day and reason, for the days the window touches. */
export async function voidsPerDay(ctx: ServiceContext, from: number, to: number): Promise<FairVoidDay[]> {
  const day = sql<number>`(${orders.closeTime} / 86400) * 86400`;
  const rows = await ctx.db
    .select({ day, reason: orders.voidReason, count: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.status, "void"), gte(orders.closeTime, Math.floor(from / 86400) * 86400), lte(orders.closeTime, to)))
    .groupBy(day, orders.voidReason)
    .orderBy(day, orders.voidReason);
  return rows.map((row) => ({ day: Number(row.day), reason: row.reason as VoidReason, count: Number(row.count) }));
}
