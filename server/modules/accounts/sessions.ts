import { and, desc, eq, gt, isNull, lte, ne, or, sql } from "drizzle-orm";

import { SESSION_DAYS } from "#contract/constants";

import type { Db, Tx } from "../../db/client";
import { sessions, userLimits, users } from "../../db/schema";
import type { ServiceContext } from "../context";
import { sessionCache, SESSIONS_CHANNEL, tokenNotice, userNotice } from "./session-cache";
import { hashToken, newSessionToken } from "./tokens";

const SESSION_SECONDS = SESSION_DAYS * 24 * 3600;
// Extend a sliding session at most once a day, so reads do not write on every request.
const EXTEND_AFTER_SECONDS = 24 * 3600;
// The Sessions page's "last seen" is to the minute: at most one write a minute per session.
const LAST_SEEN_STEP_SECONDS = 60;

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

/** Where a session was opened from, for the customer's Sessions page. */
export interface SessionOrigin {
  userAgent: string | null;
  address: string;
}

export async function createSession(db: Db | Tx, userId: number, now: number, origin?: SessionOrigin): Promise<string> {
  const token = newSessionToken();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    createdAt: now,
    expiresAt: now + SESSION_SECONDS,
    lastSeenAt: now,
    // a user agent is the client's to say: kept short, it is only shown back in words
    userAgent: origin?.userAgent?.slice(0, 512) ?? null,
    address: origin?.address ?? null,
  });
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
  /** the last request written down (null: none since the upgrade that added it) */
  lastSeenAt: number | null;
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
      lastSeenAt: known.lastSeenAt,
      mustChangePassword: known.mustChangePassword,
    };
  const mark = sessionCache.mark();
  const [row] = await ctx.db
    .select({
      user: users,
      expiresAt: sessions.expiresAt,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      ...withTimeLimits,
    })
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
    lastSeenAt: row.lastSeenAt,
    mustChangePassword: row.user.mustChangePassword,
  };
  sessionCache.store(ctx.db, tokenHash, found, mark);
  const { timeoutUntil, excludedUntil, sessionLimitMinutes } = row;
  return { ...found, found: { user: row.user, timeoutUntil, excludedUntil, sessionLimitMinutes } };
}

/**
 * A sliding session is extended at most once a day, and its last-seen time written at most once a minute, so
 * reads do not write on every request: one statement does both when both are due. The minute is also checked
 * in the statement, so several processes serving one session move it at most once a minute between them.
 */
async function extendIfDue(ctx: ServiceContext, session: FoundSession, now: number): Promise<void> {
  const extend = session.expiresAt - now < SESSION_SECONDS - EXTEND_AFTER_SECONDS;
  const touch = session.lastSeenAt === null || now - session.lastSeenAt >= LAST_SEEN_STEP_SECONDS;
  if (!extend && !touch) return;
  const minuteAgo = now - LAST_SEEN_STEP_SECONDS;
  await ctx.db
    .update(sessions)
    .set({
      ...(extend ? { expiresAt: now + SESSION_SECONDS } : {}),
      ...(touch
        ? {
            lastSeenAt: sql`case when ${sessions.lastSeenAt} is null or ${sessions.lastSeenAt} <= ${minuteAgo} then ${now} else ${sessions.lastSeenAt} end`,
          }
        : {}),
    })
    .where(
      and(
        eq(sessions.tokenHash, session.tokenHash),
        extend ? undefined : or(isNull(sessions.lastSeenAt), lte(sessions.lastSeenAt, minuteAgo)),
      ),
    );
  if (extend) sessionCache.extended(session.tokenHash, now + SESSION_SECONDS);
  if (touch) sessionCache.seen(session.tokenHash, now);
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
export async function revokeOtherSessions(db: Db | Tx, userId: number, keepToken: string): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, hashToken(keepToken))))
    .returning({ id: sessions.id });
  await announceEnded(db, userNotice(userId));
  return ended.length;
}

/** Ends every session of a user (an operator's password reset): on every process, at the commit. */
export async function revokeEverySession(db: Db | Tx, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
  await announceEnded(db, userNotice(userId));
}

/** The user's sessions not yet expired, the most recently used first (a handful: each sign-in makes one). */
export async function openSessions(db: Db, userId: number, now: number) {
  return db
    .select({
      id: sessions.id,
      tokenHash: sessions.tokenHash,
      userAgent: sessions.userAgent,
      address: sessions.address,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sql`coalesce(${sessions.lastSeenAt}, ${sessions.createdAt})`), desc(sessions.id));
}

/**
 * Ends one session of the user by its id, never the one asking (that is logging out): on every process, at the
 * commit. Answers whether there was such a session.
 */
export async function revokeSessionById(db: Db | Tx, userId: number, id: number, keepToken: string): Promise<boolean> {
  const [ended] = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.id, id), ne(sessions.tokenHash, hashToken(keepToken))))
    .returning({ tokenHash: sessions.tokenHash });
  if (!ended) return false;
  await announceEnded(db, tokenNotice(ended.tokenHash));
  return true;
}
