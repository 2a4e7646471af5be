import { sql } from "drizzle-orm";

import { LARGE_WIN_CENTS, QUEUE_ALERT_MINUTES } from "#contract/alerts";
import type { OpsTopic } from "#contract/stream";

import type { Db } from "../db/client";
import { recordEvents } from "../db/outbox";
import type { FeedView } from "../market/feed-view";

/**
 * Settled orders are looked at this far back: the job leader raises a large win within seconds of its
 * settlement, and a leader that takes over after a crash still finds the wins of the last hour. (A win settled
 * while no process led for longer is not raised; the dashboard's top winners still show it.)
 */
const LARGE_WIN_LOOKBACK_SECONDS = 3_600;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

interface Raised {
  id: number;
  topic: OpsTopic;
}

/**
 * Raises the alerts whose cause exists now, each once: every alert has the unique key of its cause (an order, a
 * feed's stall since a given tick, a waiting request), and an insert that meets that key does nothing. The rows
 * and the console's events are written in one transaction, so a stream hears an alert exactly when it exists.
 * The job leader calls it after settlement; answers how many were raised.
 */
export async function raiseAlerts(db: Db, feed: FeedView, now: number): Promise<number> {
  return db.transaction(async (tx) => {
    const raised: Raised[] = [];
    const insert = async (query: ReturnType<typeof sql>) => raised.push(...rowsOf<Raised>(await tx.execute(query)));

    // a win (what the order paid beyond its stake) above the threshold
    await insert(sql`
      insert into ops_alerts (kind, cause_key, topic, subject, details, raised_at)
      select 'large_win', 'large_win:order:' || o.id, 'orders', 'order:' || o.id,
             jsonb_build_object('account', u.account, 'product', p.code, 'stake', o.amount, 'win', o.payout - o.amount),
             ${now}::bigint
      from orders o join users u on u.id = o.user_id join products p on p.id = o.product_id
      where o.status = 'closed' and o.account = 'real' and o.close_time >= ${now - LARGE_WIN_LOOKBACK_SECONDS}::bigint
        and o.payout - o.amount > ${LARGE_WIN_CENTS}::bigint
      on conflict (cause_key) do nothing
      returning id, topic`);

    // a request waiting for review too long: one alert per request
    const waitingSince = now - QUEUE_ALERT_MINUTES * 60;
    for (const queue of ["recharge", "withdrawal", "verification"] as const) {
      const table = sql.raw(`${queue}s`);
      await insert(sql`
        insert into ops_alerts (kind, cause_key, topic, subject, details, raised_at)
        select 'queue_old', 'queue_old:' || ${queue}::text || ':' || q.id, ${queue}::text, ${queue}::text || ':' || q.id,
               jsonb_build_object('account', u.account, 'waitingSince', q.created_at), ${now}::bigint
        from ${table} q join users u on u.id = q.user_id
        where q.status = 'review' and q.created_at <= ${waitingSince}::bigint
        on conflict (cause_key) do nothing
        returning id, topic`);
    }

    // a feed older than its product's max quote age while its market is open: one alert per stall, keyed by the
    // last tick before it (a feed that comes back and stalls again raises a new one)
    for (const product of feed.products.values()) {
      if (feed.status(product.id, now) !== "open") continue;
      const last = feed.quote(product.id)?.time ?? null;
      if (last !== null && now - last <= product.maxQuoteAgeSeconds) continue;
      await insert(sql`
        insert into ops_alerts (kind, cause_key, topic, subject, details, raised_at)
        values ('stale_feed', ${`stale_feed:${product.id}:${last ?? "never"}`}, 'orders', ${`product:${product.id}`},
                ${JSON.stringify({ product: product.code, lastTick: last ?? "never", maxAgeSeconds: product.maxQuoteAgeSeconds })}::jsonb,
                ${now}::bigint)
        on conflict (cause_key) do nothing
        returning id, topic`);
    }

    await recordEvents(
      tx,
      raised.map((alert) => ({ userId: null, kind: "alert_raised" as const, data: { id: Number(alert.id), topic: alert.topic } })),
      now,
    );
    return raised.length;
  });
}
