import { lte } from "drizzle-orm";

import { LOGIN_FAILURE_WINDOW_SECONDS } from "#contract/constants";
import { STREAM_RETENTION_SECONDS } from "#contract/stream";

import type { Db } from "../db/client";
import { events, loginGuards, passwordGuards, requestClaims, streamTickets } from "../db/schema";

/**
 * How long a once-only request's first answer is kept for its retries. A client makes a new requestId for
 * every form submission and retries within minutes; a month covers a phone that was off for weeks.
 */
export const CLAIM_RETENTION_SECONDS = 30 * 86400;

/**
 * Rows that no longer decide anything: request claims past their retention, password-try counts whose window
 * (and any lock it started) has run out, the login's per name and address too (a name tried once, existing or
 * not, is not tried again to drop its own), update-stream events no stream can resume to any more, and stream
 * tickets nobody redeemed. Without this these tables would only grow.
 */
export async function forgetExpired(db: Db, now: number): Promise<{ claims: number; guards: number; events: number }> {
  const claims = await db
    .delete(requestClaims)
    .where(lte(requestClaims.createdAt, now - CLAIM_RETENTION_SECONDS))
    .returning({ id: requestClaims.requestId });
  const guards = await db
    .delete(passwordGuards)
    .where(lte(passwordGuards.since, now - LOGIN_FAILURE_WINDOW_SECONDS))
    .returning({ id: passwordGuards.userId });
  const logins = await db
    .delete(loginGuards)
    .where(lte(loginGuards.since, now - LOGIN_FAILURE_WINDOW_SECONDS))
    .returning({ account: loginGuards.account });
  const oldEvents = await db
    .delete(events)
    .where(lte(events.createdAt, now - STREAM_RETENTION_SECONDS))
    .returning({ id: events.id });
  await db.delete(streamTickets).where(lte(streamTickets.expiresAt, now));
  return { claims: claims.length, guards: guards.length + logins.length, events: oldEvents.length };
}
