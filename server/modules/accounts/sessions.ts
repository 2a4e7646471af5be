import { and, eq, gt, ne, sql } from "drizzle-orm";

import { SESSION_DAYS } from "#contract/constants";

import type { Db, Tx } from "../../db/client";
import { sessions, users } from "../../db/schema";
import type { ServiceContext } from "../context";
import { sessionCache, SESSIONS_CHANNEL, tokenNotice, userNotice } from "./session-cache";
import { hashToken, newSessionToken } from "./tokens";

const SESSION_SECONDS = SESSION_DAYS * 24 * 3600;
// Extend a sliding session at most once a day, so reads do not write on every request.
const EXTEND_AFTER_SECONDS = 24 * 3600;

export type UserRow = typeof users.$inferSelect;

/**
 * The user row by id, the one read of every authenticated request: built once per database (a prepared
 * statement on PostgreSQL), not composed again each time.
 */
const userByIdQueries = new WeakMap<Db, ReturnType<typeof prepareUserById>>();
const prepareUserById = (db: Db) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder("id")))
    .limit(1)
    .prepare("user_by_id");
function userById(db: Db, id: number): Promise<UserRow[]> {
  let query = userByIdQueries.get(db);
  if (!query) {
    query = prepareUserById(db);
    userByIdQueries.set(db, query);
  }
  return query.execute({ id });
}

/** The account-wide lock holds until its end (or, with no end, until the operator unlocks). */
export const lockedNow = (user: Pick<UserRow, "locked" | "lockedUntil">, now: number) =>
  user.locked && (user.lockedUntil === null || user.lockedUntil > now);

export async function createSession(db: Db | Tx, userId: number, now: number): Promise<string> {
  const token = newSessionToken();
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId, createdAt: now, expiresAt: now + SESSION_SECONDS });
  return token;
}

/**
 * The user behind a token, or null when the token is unknown, expired or its account is locked. A session
 * known to this process is not looked up again (until its cache entry ages or it is ended); the user's row
 * always is.
 */
export async function authenticate(ctx: ServiceContext, token: string | undefined): Promise<UserRow | null> {
  if (!token || token.length > 100) return null;
  const now = ctx.now();
  const tokenHash = hashToken(token);
  let user: UserRow | undefined;
  let expiresAt: number;
  const known = sessionCache.find(ctx.db, tokenHash);
  if (known && known.expiresAt > now) {
    [user] = await userById(ctx.db, known.userId);
    expiresAt = known.expiresAt;
  } else {
    const mark = sessionCache.mark();
    const [row] = await ctx.db
      .select({ user: users, expiresAt: sessions.expiresAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)))
      .limit(1);
    if (!row) return null;
    user = row.user;
    expiresAt = row.expiresAt;
    sessionCache.store(ctx.db, tokenHash, user.id, expiresAt, mark);
  }
  if (!user || lockedNow(user, now)) return null;
  if (expiresAt - now < SESSION_SECONDS - EXTEND_AFTER_SECONDS) {
    await ctx.db
      .update(sessions)
      .set({ expiresAt: now + SESSION_SECONDS })
      .where(eq(sessions.tokenHash, tokenHash));
    sessionCache.extended(tokenHash, now + SESSION_SECONDS);
  }
  return user;
}

/**
 * This process forgets the ended session(s) at once; every process (this one again) hears of it when the
 * deletion commits, for NOTIFY inside a transaction is sent only at its commit (and never on a rollback).
 */
async function announceEnded(db: Db | Tx, notice: string): Promise<void> {
  sessionCache.forget(notice);
  await db.execute(sql`select pg_notify(${SESSIONS_CHANNEL}, ${notice})`);
}

export async function revokeSession(db: Db | Tx, token: string): Promise<void> {
  const tokenHash = hashToken(token);
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
  await announceEnded(db, tokenNotice(tokenHash));
}

/** Ends every session of a user but the one in use (after a password change). */
export async function revokeOtherSessions(db: Db | Tx, userId: number, keepToken: string): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, hashToken(keepToken))));
  await announceEnded(db, userNotice(userId));
}
