import { and, eq, gt, ne, sql } from "drizzle-orm";

import { SESSION_DAYS } from "#contract/constants";

import type { Db, Tx } from "../../db/client";
import { sessions, userLimits, users } from "../../db/schema";
import type { ServiceContext } from "../context";
import { sessionCache, SESSIONS_CHANNEL, tokenNotice, userNotice } from "./session-cache";
import { hashToken, newSessionToken } from "./tokens";

const SESSION_SECONDS = SESSION_DAYS * 24 * 3600;
// Extend a sliding session at most once a day, so reads do not write on every request.
const EXTEND_AFTER_SECONDS = 24 * 3600;

export type UserRow = typeof users.$inferSelect;

/** The customer's own time limits (server/modules/self-limits enforces them), read with the user's row. */
export interface TimeLimits {
  timeoutUntil: number | null;
  excludedUntil: number | null;
  sessionLimitMinutes: number | null;
}

/** The user's row with their time limits: what one statement of an authenticated request reads. */
interface UserWithLimits extends TimeLimits {
  user: UserRow;
}

const withTimeLimits = {
  timeoutUntil: userLimits.timeoutUntil,
  excludedUntil: userLimits.excludedUntil,
  sessionLimitMinutes: userLimits.sessionLimitMinutes,
};

/**
 * The user row by id with their time limits, the one read of every authenticated request: built once per
 * database (a prepared statement on PostgreSQL), not composed again each time.
 */
const userByIdQueries = new WeakMap<Db, ReturnType<typeof prepareUserById>>();
const prepareUserById = (db: Db) =>
  db
    .select({ user: users, ...withTimeLimits })
    .from(users)
    .leftJoin(userLimits, eq(userLimits.userId, users.id))
    .where(eq(users.id, sql.placeholder("id")))
    .limit(1)
    .prepare("user_with_time_limits_by_id");
function userById(db: Db, id: number): Promise<UserWithLimits[]> {
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

/** A session as the order path holds it: its token's hash and its user, not the user's row. */
export interface SessionRef {
  tokenHash: string;
  userId: number;
}

/** What the auth hook learns of a session besides its reference, from the cache or the user's row. */
export interface ResolvedSession extends SessionRef {
  /** support reset the password and the customer has not set a new one yet */
  mustChangePassword: boolean;
}

interface FoundSession extends ResolvedSession {
  expiresAt: number;
  /** when it began (the customer's session limit counts from it) */
  createdAt: number;
  /** the user's row, when the session had to be looked up in the database (with it, in one statement) */
  found?: UserWithLimits;
}

/** An authenticated request's customer: the user's row, when the session began, and their time limits. */
export interface Authenticated {
  user: UserRow;
  sessionCreatedAt: number;
  timeLimits: TimeLimits;
}

/**
 * The session behind a token: from this process's cache when it knows the token (nothing read), else from the
 * sessions table with its user's row in one statement (and then cached). Null for an unknown or expired token.
 */
async function findSession(ctx: ServiceContext, token: string | undefined, now: number): Promise<FoundSession | null> {
  if (!token || token.length > 100) return null;
  const tokenHash = hashToken(token);
  const known = sessionCache.find(ctx.db, tokenHash);
  if (known && known.expiresAt > now)
    return {
      tokenHash,
      userId: known.userId,
      expiresAt: known.expiresAt,
      createdAt: known.createdAt,
      mustChangePassword: known.mustChangePassword,
    };
  const mark = sessionCache.mark();
  const [row] = await ctx.db
    .select({ user: users, expiresAt: sessions.expiresAt, createdAt: sessions.createdAt, ...withTimeLimits })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(userLimits, eq(userLimits.userId, users.id))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)))
    .limit(1);
  if (!row) return null;
  const found = {
    tokenHash,
    userId: row.user.id,
    expiresAt: row.expiresAt,
    createdAt: row.createdAt,
    mustChangePassword: row.user.mustChangePassword,
  };
  sessionCache.store(ctx.db, tokenHash, found, mark);
  const { timeoutUntil, excludedUntil, sessionLimitMinutes } = row;
  return { ...found, found: { user: row.user, timeoutUntil, excludedUntil, sessionLimitMinutes } };
}

/** A sliding session is extended at most once a day, so reads do not write on every request. */
async function extendIfDue(ctx: ServiceContext, session: FoundSession, now: number): Promise<void> {
  if (session.expiresAt - now >= SESSION_SECONDS - EXTEND_AFTER_SECONDS) return;
  await ctx.db
    .update(sessions)
    .set({ expiresAt: now + SESSION_SECONDS })
    .where(eq(sessions.tokenHash, session.tokenHash));
  sessionCache.extended(session.tokenHash, now + SESSION_SECONDS);
}

/**
 * The user behind a token, or null when the token is unknown, expired or its account is locked. A session
 * known to this process is not looked up again (until its cache entry ages or it is ended); the user's row
 * always is.
 */
export async function authenticate(ctx: ServiceContext, token: string | undefined): Promise<UserRow | null> {
  return (await authenticateCustomer(ctx, token))?.user ?? null;
}

/** As `authenticate`, with when the session began and the customer's time limits, read in the same statement. */
export async function authenticateCustomer(ctx: ServiceContext, token: string | undefined): Promise<Authenticated | null> {
  const now = ctx.now();
  const session = await findSession(ctx, token, now);
  if (!session) return null;
  const found = session.found ?? (await userById(ctx.db, session.userId))[0];
  if (!found || lockedNow(found.user, now)) return null;
  await extendIfDue(ctx, session, now);
  const { user, timeoutUntil, excludedUntil, sessionLimitMinutes } = found;
  return { user, sessionCreatedAt: session.createdAt, timeLimits: { timeoutUntil, excludedUntil, sessionLimitMinutes } };
}

/**
 * The session behind a token for a request whose own statement checks it again as committed (order placement:
 * `place_order` refuses a session that is gone, expired or whose account is locked). A token this process knows
 * costs no read; one it does not is looked up as `authenticate` does, the account lock included.
 */
export async function resolveSession(ctx: ServiceContext, token: string | undefined): Promise<ResolvedSession | null> {
  const now = ctx.now();
  const session = await findSession(ctx, token, now);
  if (!session || (session.found && lockedNow(session.found.user, now))) return null;
  await extendIfDue(ctx, session, now);
  return { tokenHash: session.tokenHash, userId: session.userId, mustChangePassword: session.mustChangePassword };
}

/**
 * Whether a session resolved by `resolveSession` still holds as committed now (not ended, not expired, its
 * account not locked), for a request answered without the statement that would have checked it. One that
 * does not is forgotten by this process.
 */
export async function sessionHolds(ctx: ServiceContext, session: SessionRef): Promise<boolean> {
  const now = ctx.now();
  const [row] = await ctx.db
    .select({ locked: users.locked, lockedUntil: users.lockedUntil })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, session.tokenHash), eq(sessions.userId, session.userId), gt(sessions.expiresAt, now)))
    .limit(1);
  if (row && !lockedNow(row, now)) return true;
  forgetSession(session);
  return false;
}

/** A session the database refused: this process stops trusting its cached copy (other processes hear of ends by NOTIFY). */
export function forgetSession(session: SessionRef): void {
  sessionCache.forget(tokenNotice(session.tokenHash));
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

/** Ends every session of a user (an operator's password reset): on every process, at the commit. */
export async function revokeEverySession(db: Db | Tx, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
  await announceEnded(db, userNotice(userId));
}
