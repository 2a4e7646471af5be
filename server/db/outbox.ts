import { sql } from "drizzle-orm";

import type { OpsStreamKind, OpsStreamPayloads, UserStreamKind, UserStreamPayloads } from "#contract/stream";

import type { Db, Tx } from "./client";

/**
 * The update stream's outbox writer. An event is written in the transaction of the change it tells of, so it
 * exists exactly when the change committed; the notification that wakes every process's stream hub is sent in
 * the same transaction, which PostgreSQL (and PGlite) deliver only at its commit, never on a rollback. It sits
 * in the db layer because the settlement job writes events too, and jobs may not import services.
 */
/** Also named in migration 0029, whose trigger tells the console of each order placed. */
export const EVENTS_CHANNEL = "app_events";

export type OutboxEvent =
  | { [K in UserStreamKind]: { userId: number; kind: K; data: UserStreamPayloads[K] } }[UserStreamKind]
  | { [K in OpsStreamKind]: { userId: null; kind: K; data: OpsStreamPayloads[K] } }[OpsStreamKind];

/** Writes the events (in order) and wakes the stream hubs once the caller's transaction commits. */
export async function recordEvents(tx: Db | Tx, events: readonly OutboxEvent[], createdAt: number): Promise<void> {
  if (events.length === 0) return;
  const column = (values: unknown[]) => sql.param(values);
  await tx.execute(sql`
    insert into events (user_id, audience, kind, payload, created_at)
    select e.user_id, e.audience, e.kind, e.payload, ${createdAt}::bigint
    from unnest(${column(events.map((event) => event.userId))}::int[],
                ${column(events.map((event) => (event.userId === null ? "ops" : "user")))}::text[],
                ${column(events.map((event) => event.kind))}::text[],
                ${column(events.map((event) => JSON.stringify(event.data)))}::jsonb[])
         with ordinality as e(user_id, audience, kind, payload, n)
    order by e.n`);
  await wakeStreams(tx);
}

/** The notification alone, for a statement that wrote its events itself (the settlement batch). */
export async function wakeStreams(tx: Db | Tx): Promise<void> {
  await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, '')`);
}
