import { sql } from "drizzle-orm";
import webpush from "web-push";

import type { MessageDescriptor } from "#contract/catalogue";
import { reviewNotices } from "#contract/catalogue";
import { type LanguageCode, toLanguageCode } from "#contract/languages";
import { localText } from "#contract/localized-texts";
import { PUSH_PAGES, type PushNotice, pushTexts } from "#contract/push";

import type { Db } from "../db/client";
import { vapidKeys } from "../db/vapid-keys";

/**
 * The job leader's Web Push sender. It reads the events outbox, never consumes it: each round it turns the new
 * events a customer's devices should hear of into `push_deliveries` rows (once per subscription and cause, by a
 * unique key), then sends what is due. A push service that is slow or down delays only its own rows, retried
 * with backoff a bounded number of times; the streams and every other reader of the outbox never wait for it.
 */

/** Events that become notifications. `support.reply` is written by the support chat. */
export const PUSHED_KINDS = ["order_settled", "order_void", "review_decided", "support.reply"] as const;

/** Events older than this when first read are not pushed: after downtime a stale result is noise, not news. */
export const PUSH_WINDOW_SECONDS = 600;
/** Sends tried per notification before it is given up. */
export const MAX_ATTEMPTS = 5;
/** The wait after the first failure, doubled after each further one (30 s, 1, 2, 4 min). */
export const RETRY_BASE_SECONDS = 30;
/** A claimed row is not claimed again for this long, should the process die while sending it. */
const CLAIM_LEASE_SECONDS = 120;
/** Notifications sent per round: a burst (a settlement batch) spreads over a few seconds. */
const SEND_BATCH = 100;
/** How long the push service keeps an undelivered message for an offline device (the TTL header). */
const PUSH_TTL_SECONDS = 24 * 3600;
/** A push service that has not answered by then is a failure, retried later. */
const SEND_TIMEOUT_MS = 10_000;
/** Sent and failed rows are kept this long (well past the window, so an event is never enqueued twice). */
const DELIVERY_KEEP_SECONDS = 2 * 24 * 3600;

export type PushTranslate = (language: string, descriptor: MessageDescriptor, values?: Record<string, string | number>) => string;

export interface PushSenderOptions {
  db: Db;
  translate: PushTranslate;
  /** the VAPID subject: a mailto: or https: address the push services can reach the operator at */
  subject: string;
  log: (message: string) => void;
}

export interface PushRoundResult {
  queued: number;
  sent: number;
  removed: number;
  failed: number;
}

export interface PushSender {
  /** One round: queue what the outbox holds for subscribed devices, then send what is due at `now`. */
  run(now: number): Promise<PushRoundResult>;
}

interface DueDelivery {
  id: number;
  attempts: number;
  subscriptionId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  language: string;
  eventId: number;
  userId: number;
  kind: string;
  payload: Record<string, unknown>;
  createdAt: number;
}

type Outcome = { ok: true } | { ok: false; gone: boolean; error: string; retryAfter: number | null };

export function createPushSender(options: PushSenderOptions): PushSender {
  const { db } = options;
  return {
    async run(now) {
      const queued = await queueNew(db, now);
      const due = await claimDue(db, now);
      const result: PushRoundResult = { queued, sent: 0, removed: 0, failed: 0 };
      if (due.length > 0) {
        const keys = await vapidKeys(db);
        const outcomes = await Promise.all(
          due.map(async (delivery) => {
            try {
              const notice = await noticeFor(db, options.translate, delivery);
              return await send(delivery, notice, { subject: options.subject, ...keys });
            } catch (error) {
              return { ok: false, gone: false, error: error instanceof Error ? error.message : String(error), retryAfter: null } as const;
            }
          }),
        );
        for (const [index, outcome] of outcomes.entries()) {
          const delivery = due[index]!;
          if (outcome.ok) {
            result.sent += 1;
            await db.execute(sql`update push_deliveries set state = 'sent', last_error = null where id = ${delivery.id}`);
            await db.execute(sql`update push_subscriptions set last_ok_at = ${now} where id = ${delivery.subscriptionId}`);
          } else if (outcome.gone) {
            // the browser dropped the subscription (uninstalled, permission withdrawn): it will never take one again
            result.removed += 1;
            await db.execute(sql`delete from push_subscriptions where id = ${delivery.subscriptionId}`);
          } else {
            result.failed += 1;
            const giveUp = delivery.attempts >= MAX_ATTEMPTS;
            const wait = Math.max(RETRY_BASE_SECONDS * 2 ** (delivery.attempts - 1), outcome.retryAfter ?? 0);
            await db.execute(sql`
              update push_deliveries
              set state = ${giveUp ? "failed" : "pending"}, next_at = ${now + wait}, last_error = ${outcome.error.slice(0, 500)}
              where id = ${delivery.id}`);
            options.log(
              `push: notification ${delivery.id} (event ${delivery.eventId}) failed${giveUp ? ", given up" : `, retried in ${wait} s`}: ${outcome.error}`,
            );
          }
        }
      }
      await db.execute(sql`delete from push_deliveries where state <> 'pending' and created_at < ${now - DELIVERY_KEEP_SECONDS}`);
      return result;
    },
  };
}

/**
 * Queues a notification for every subscribed device of each new event's customer: an order's result or void
 * once per order (`order:<id>`), anything else once per event. A device hears only of events after it subscribed.
 */
async function queueNew(db: Db, now: number): Promise<number> {
  const kinds = sql.param([...PUSHED_KINDS]);
  const result = (await db.execute(sql`
    insert into push_deliveries (subscription_id, event_id, cause, next_at, created_at)
    select s.id, e.id,
           case when e.kind in ('order_settled', 'order_void') then 'order:' || (e.payload ->> 'orderId') else 'event:' || e.id end,
           ${now}::bigint, ${now}::bigint
    from events e
    join push_subscriptions s on s.user_id = e.user_id
    where e.audience = 'user' and e.kind = any(${kinds}::text[])
      and e.created_at >= greatest(s.created_at, ${now - PUSH_WINDOW_SECONDS}::bigint)
    order by e.id
    on conflict (subscription_id, cause) do nothing`)) as unknown as { affectedRows?: number; rowCount?: number | null };
  return Number(result.affectedRows ?? result.rowCount ?? 0);
}

/** Takes the due notifications for this round, leased so a second sender (a new leader) does not send them too. */
async function claimDue(db: Db, now: number): Promise<DueDelivery[]> {
  const result = (await db.execute(sql`
    with due as (
      select id from push_deliveries
      where state = 'pending' and next_at <= ${now}
      order by next_at, id
      limit ${SEND_BATCH}
      for update skip locked
    ), claimed as (
      update push_deliveries d set attempts = d.attempts + 1, next_at = ${now + CLAIM_LEASE_SECONDS}
      from due where d.id = due.id
      returning d.id, d.attempts, d.subscription_id, d.event_id
    )
    select c.id, c.attempts, c.subscription_id, s.endpoint, s.p256dh, s.auth, u.language,
           e.id as event_id, e.user_id, e.kind, e.payload, e.created_at
    from claimed c
    join push_subscriptions s on s.id = c.subscription_id
    join users u on u.id = s.user_id
    join events e on e.id = c.event_id
    order by c.id`)) as unknown as { rows: Array<Record<string, unknown>> };
  return result.rows.map((row) => ({
    id: Number(row.id),
    attempts: Number(row.attempts),
    subscriptionId: Number(row.subscription_id),
    endpoint: String(row.endpoint),
    p256dh: String(row.p256dh),
    auth: String(row.auth),
    language: String(row.language),
    eventId: Number(row.event_id),
    userId: Number(row.user_id),
    kind: String(row.kind),
    payload: (typeof row.payload === "string" ? JSON.parse(row.payload) : row.payload) as Record<string, unknown>,
    createdAt: Number(row.created_at),
  }));
}

/** The notice of one event, in the customer's language. */
async function noticeFor(db: Db, translate: PushTranslate, delivery: DueDelivery): Promise<PushNotice> {
  const language = toLanguageCode(delivery.language);
  const { payload } = delivery;
  switch (delivery.kind) {
    case "order_settled":
    case "order_void": {
      const orderId = Number(payload.orderId);
      const product = await productName(db, orderId, language);
      if (delivery.kind === "order_void")
        return {
          title: translate(language, pushTexts.order_void, { product }),
          body: translate(language, pushTexts.order_void_body, { orderId }),
          tag: `order-result-${orderId}`,
          url: PUSH_PAGES.order(orderId),
        };
      const title =
        { win: pushTexts.order_won, loss: pushTexts.order_lost, tie: pushTexts.order_tie }[String(payload.result)] ?? pushTexts.order_tie;
      return {
        title: translate(language, title, { product }),
        body: translate(language, pushTexts.order_settled_body, { orderId }),
        tag: `order-result-${orderId}`,
        url: PUSH_PAGES.order(orderId),
      };
    }
    case "review_decided": {
      const kind = String(payload.kind) as "recharge" | "withdrawal" | "verification";
      const page = PUSH_PAGES[kind] ?? PUSH_PAGES.support;
      // the decision's inbox message, written in the same transaction in the customer's language, says it all
      const message = await reviewMessage(db, delivery);
      return {
        title: message?.title ?? translate(language, reviewTitle(kind, payload.status === "success")),
        body: message?.body ?? translate(language, pushTexts.review_body),
        tag: `review-${delivery.eventId}`,
        url: page,
      };
    }
    case "support.reply":
      return {
        title: translate(language, pushTexts.support_reply),
        // the reply's opening words; a reply that only links a record has none, and the title says enough
        body: typeof payload.text === "string" ? payload.text : "",
        // one thread per customer: a newer reply's notice replaces the older one's
        tag: "support",
        url: PUSH_PAGES.support,
      };
    default:
      throw new Error(`no notice for events of kind ${delivery.kind}`);
  }
}

function reviewTitle(kind: "recharge" | "withdrawal" | "verification", passed: boolean): MessageDescriptor {
  if (kind === "recharge") return reviewNotices[passed ? "recharge_approved" : "recharge_rejected"].title;
  if (kind === "withdrawal") return reviewNotices[passed ? "withdrawal_approved" : "withdrawal_rejected"].title;
  return reviewNotices[passed ? "verification_passed" : "verification_refused"].title;
}

async function productName(db: Db, orderId: number, language: LanguageCode): Promise<string> {
  const result = (await db.execute(sql`
    select p.name, p.name_texts from orders o join products p on p.id = o.product_id where o.id = ${orderId}`)) as unknown as {
    rows: Array<{ name: string; name_texts: Record<string, string> | string | null }>;
  };
  const row = result.rows[0];
  if (!row) return "";
  const texts = typeof row.name_texts === "string" ? (JSON.parse(row.name_texts) as Record<string, string>) : row.name_texts;
  return localText(row.name, texts, language);
}

/** The inbox message a review wrote beside its `review_decided` event (the next `message` event of that commit). */
async function reviewMessage(db: Db, delivery: DueDelivery): Promise<{ title: string; body: string } | null> {
  const result = (await db.execute(sql`
    select m.title, m.body
    from events me join messages m on m.id = (me.payload ->> 'id')::int
    where me.user_id = ${delivery.userId} and me.kind = 'message' and me.id > ${delivery.eventId}
      and me.created_at = ${delivery.createdAt}
    order by me.id limit 1`)) as unknown as { rows: Array<{ title: string; body: string }> };
  return result.rows[0] ?? null;
}

/** Encrypts (RFC 8291, aes128gcm) and signs (VAPID, RFC 8292) the notice with web-push, and posts it. */
async function send(
  delivery: DueDelivery,
  notice: PushNotice,
  vapid: { subject: string; publicKey: string; privateKey: string },
): Promise<Outcome> {
  const request = webpush.generateRequestDetails(
    { endpoint: delivery.endpoint, keys: { p256dh: delivery.p256dh, auth: delivery.auth } },
    JSON.stringify(notice),
    { vapidDetails: vapid, TTL: PUSH_TTL_SECONDS, contentEncoding: "aes128gcm", urgency: "normal" },
  );
  let response: Response;
  try {
    response = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: request.body ? new Uint8Array(request.body) : undefined,
      redirect: "error",
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
  } catch (error) {
    return { ok: false, gone: false, error: error instanceof Error ? error.message : String(error), retryAfter: null };
  }
  await response.body?.cancel();
  if (response.ok) return { ok: true };
  const retryAfter = Number(response.headers.get("retry-after"));
  return {
    ok: false,
    gone: response.status === 404 || response.status === 410,
    error: `the push service answered ${response.status}`,
    retryAfter: Number.isFinite(retryAfter) && retryAfter > 0 ? Math.min(retryAfter, 3600) : null,
  };
}
