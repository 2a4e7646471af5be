import { sql } from "drizzle-orm";

import type { Direction, OrderAccount, VoidReason } from "#contract/trading";
import { orderOutcome } from "#contract/trading-math";

import type { Db, Tx } from "../db/client";
import { accountOf, postEntries } from "../db/ledger";
import { refundVoidedOrders } from "../db/order-voids";
import { recordEvents } from "../db/outbox";
import { yieldToRequests } from "../db/yield-to-requests";
import { LIVE_QUOTE_MAX_AGE_SECONDS } from "../market/live-rules";

/** Wait this long past expiry for the feed to record the expiry second before settling from what is there. */
export const SETTLEMENT_GRACE_SECONDS = 10;
/**
 * Orders settled per transaction. PGlite runs each query on the event loop, so its batches stay small enough
 * to hold it for some tens of milliseconds at most; PostgreSQL works beside the process, and a bigger batch
 * spreads each statement's fixed cost further (its users' rows stay locked for one short transaction).
 */
export const SETTLEMENT_BATCH = { pglite: 500, postgres: 1_000 } as const;

interface DueOrder {
  id: number;
  user_id: number;
  product_id: number;
  direction: Direction;
  amount: string | number;
  payout_bps: number;
  open_price: string | number;
  open_tick_time: string | number;
  expires_at: string | number;
  close_price: string | number | null;
  close_tick_time: string | number | null;
  /** priced by a real exchange, not the simulated walk */
  live: boolean;
  /** stake and fee, what a void gives back */
  refund: string | number;
  /** the entry or the exit tick was recorded without a prior commitment */
  uncommitted: boolean;
  /** whose money it staked: a practice order is paid and refunded on the practice balance */
  account: OrderAccount;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Settles every holding order whose time is up, from the recorded feed only: the close price is the last tick
 * at or before its expiry (the open tick when later ones were pruned). An order is ready once the feed has
 * recorded its expiry second, or once the grace has passed without it (the market closed, or the recorder
 * was away); on a simulated product, also only once its exit minute's seed is revealed (or lost: then it is
 * void), so no order is decided by a tick nobody can check (docs/fairness.md). Exactly once: an order row is locked, and only an order still `holding` is closed and credited
 * (a `void` one, refunded by a price-source switch, is never settled),
 * in the same transaction as its ledger row and balance change. Batches walk the ids upwards, so one call
 * never meets the same row twice and always ends, and requests are answered between batches. Returns the count.
 */
export async function settleDueOrders(db: Db, now: number, batchSize: number = SETTLEMENT_BATCH.pglite): Promise<number> {
  let settled = 0;
  let after = 0;
  for (;;) {
    const batch = await settleBatch(db, now, after, batchSize);
    settled += batch.settled;
    if (batch.lastId === null || batch.settled === 0) return settled;
    after = batch.lastId;
    await yieldToRequests();
  }
}

async function settleBatch(db: Db, now: number, after: number, batchSize: number): Promise<{ lastId: number | null; settled: number }> {
  return db.transaction(async (tx) => {
    const ready = rowsOf<DueOrder>(
      // the rows are picked and locked first; the close tick is looked up for those rows only
      await tx.execute(sql`
        with due as (
          select o.id, o.user_id, o.product_id, o.direction, o.amount, o.fee, o.payout_bps, o.open_price, o.open_tick_time, o.expires_at,
                 o.open_time, o.account
          from orders o
          join products p on p.id = o.product_id
          where o.status = 'holding' and o.expires_at <= ${now} and o.id > ${after}
            and (o.expires_at <= ${now - SETTLEMENT_GRACE_SECONDS}
                 or exists (select 1 from ticks f where f.product_id = o.product_id and f.time >= o.expires_at))
            -- a simulated order waits until its exit minute is decided: revealed, or lost (no live commitment
            -- left unrevealed). Minutes are revealed in order and a new leader marks every unrevealed one lost,
            -- so the entry minute (never later) is decided by then too
            and (p.feed_source <> 'simulated' or not exists (
                 select 1 from fair_commitments w
                 where w.minute = o.expires_at / 60 and not w.lost
                   and not exists (select 1 from fair_reveals wr where wr.commitment = w.commitment)))
          order by o.id
          limit ${batchSize}
          for update of o skip locked
        )
        select d.id, d.user_id, d.product_id, d.account, d.direction, d.amount, d.payout_bps, d.open_price, d.open_tick_time, d.expires_at,
               t.price as close_price, t.time as close_tick_time, p.feed_source <> 'simulated' as live, d.amount + d.fee as refund,
               coalesce(t.uncommitted, false) or coalesce(e.uncommitted, false)
               -- a simulated exit tick counts only under a revealed commitment published before the order was
               -- accepted (a new leader's fresh seed for a lost minute was chosen knowing the orders already open),
               -- and the entry tick only under a revealed one published before it: a tick whose seed was lost
               -- can be chained but never derived, so nobody could check it
               or (p.feed_source = 'simulated' and t.time is not null and not exists (
                    select 1 from fair_commitments c join fair_reveals r on r.commitment = c.commitment
                    where c.minute = t.time / 60 and not c.lost and c.created_at < d.open_time and c.created_at < t.time))
               or (p.feed_source = 'simulated' and e.time is not null and not exists (
                    select 1 from fair_commitments c join fair_reveals r on r.commitment = c.commitment
                    where c.minute = e.time / 60 and not c.lost and c.created_at < e.time)) as uncommitted
        from due d
        join products p on p.id = d.product_id
        left join lateral (
          select price, time, uncommitted from ticks t where t.product_id = d.product_id and t.time <= d.expires_at
          order by t.time desc limit 1
        ) t on true
        left join ticks e on e.product_id = d.product_id and e.time = d.open_tick_time`),
    );
    if (ready.length === 0) return { lastId: null, settled: 0 };
    const lastId = Math.max(...ready.map((order) => order.id));

    // a real exchange's price is a trade heard in its own second: an order whose expiry no trade was heard near
    // (the exchange went silent, or the recorder was away) was decided by no price anyone could check, so it is
    // void and refunded rather than settled on an older one
    const silent = ready.filter(
      (order) => order.live && Number(order.close_tick_time ?? 0) < Number(order.expires_at) - LIVE_QUOTE_MAX_AGE_SECONDS,
    );
    // a tick recorded without a prior commitment could have been chosen after the fact (the catch-up after
    // downtime, a minute whose seed left with a previous leader): no order is decided by one
    const uncommitted = ready.filter((order) => !silent.includes(order) && order.uncommitted);
    const voided = (await voidOrders(tx, silent, "feed_silent", now)) + (await voidOrders(tx, uncommitted, "uncommitted", now));
    const outcomes = ready
      .filter((order) => !silent.includes(order) && !uncommitted.includes(order))
      .map((order) => {
        // the open tick is itself a recorded price at or before expiry: the fallback if later ticks were pruned
        const closePrice = Number(order.close_price ?? order.open_price);
        const closeTickTime = Number(order.close_tick_time ?? order.open_tick_time);
        const { result, credit } = orderOutcome(
          {
            direction: order.direction,
            openPrice: Number(order.open_price),
            amountCents: Number(order.amount),
            payoutBps: order.payout_bps,
          },
          closePrice,
        );
        return { id: order.id, userId: order.user_id, productId: order.product_id, closePrice, closeTickTime, result, credit };
      });
    // the batch's values as one array per column: a few parameters however big the batch, cheap to send and plan
    const column = <T>(pick: (outcome: (typeof outcomes)[number]) => T) => sql.param(outcomes.map(pick));
    const closed = rowsOf<{ id: number; user_id: number; payout: string | number; account: OrderAccount }>(
      await tx.execute(sql`
        update orders set status = 'closed', close_price = v.close_price, close_tick_time = v.close_tick_time,
               close_time = ${now}, result = v.result, payout = v.payout
        from unnest(${column((o) => o.id)}::int[], ${column((o) => o.closePrice)}::bigint[], ${column((o) => o.closeTickTime)}::bigint[],
                    ${column((o) => o.result)}::text[], ${column((o) => o.credit)}::bigint[]) as v(id, close_price, close_tick_time, result, payout)
        where orders.id = v.id and orders.status = 'holding'
        returning orders.id, orders.user_id, orders.payout, orders.account`),
    );
    // one update of the winners' cash and one insert of their ledger rows for the whole batch
    await postEntries(
      tx,
      closed
        .filter((row) => Number(row.payout) > 0)
        .map((row) => ({
          userId: row.user_id,
          account: accountOf(row.account),
          delta: Number(row.payout),
          reason: "order_settlement",
          reference: `order:${row.id}`,
          createdAt: now,
        })),
    );
    // each customer's open screens hear of it once this commits (the update stream's outbox), and the console
    // once per batch: its figures are read again, not counted from the events
    const settledIds = new Set(closed.map((row) => row.id));
    await recordEvents(
      tx,
      [
        ...outcomes
          .filter((outcome) => settledIds.has(outcome.id))
          .map((outcome) => ({
            userId: outcome.userId,
            kind: "order_settled" as const,
            data: { orderId: outcome.id, pid: outcome.productId, result: outcome.result },
          })),
        ...(closed.length > 0 ? [{ userId: null, kind: "orders_settled" as const, data: { count: closed.length } }] : []),
      ],
      now,
    );
    return { lastId, settled: closed.length + voided };
  });
}

/**
 * Voids the orders no checkable price could decide (`feed_silent`: no trade heard near their expiry;
 * `uncommitted`: an entry or exit tick nobody had committed to): stake and fee back to cash in the
 * settlement's transaction, each once (only an order still `holding` changes), and their screens told.
 */
async function voidOrders(tx: Tx, orders: DueOrder[], reason: VoidReason, now: number): Promise<number> {
  if (orders.length === 0) return 0;
  const voided = rowsOf<{ id: number }>(
    await tx.execute(sql`
      update orders set status = 'void', void_reason = ${reason}, close_time = ${now}
      where id = any(${sql.param(orders.map((order) => order.id))}::int[]) and status = 'holding'
      returning id`),
  );
  const done = new Set(voided.map((row) => row.id));
  const refunded = orders
    .filter((order) => done.has(order.id))
    .map((order) => ({ id: order.id, userId: order.user_id, productId: order.product_id, refund: order.refund, account: order.account }));
  await refundVoidedOrders(tx, refunded, reason, now);
  return refunded.length;
}
