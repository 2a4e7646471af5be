import { and, eq, gt, ne } from "drizzle-orm";

import { SESSION_DAYS } from "#contract/constants";

import type { Db, Tx } from "../../db/client";
import { sessions, users } from "../../db/schema";
import type { ServiceContext } from "../context";
import { hashToken, newSessionToken } from "./tokens";

const SESSION_SECONDS = SESSION_DAYS * 24 * 3600;
// Extend a sliding session at most once a day, so reads do not write on every request.
const EXTEND_AFTER_SECONDS = 24 * 3600;

export type UserRow = typeof users.$inferSelect;

/** The account-wide lock holds until its end (or, with no end, until the operator unlocks). */
export const lockedNow = (user: Pick<UserRow, "locked" | "lockedUntil">, now: number) =>
  user.locked && (user.lockedUntil === null || user.lockedUntil > now);

export async function createSession(db: Db | Tx, userId: number, now: number): Promise<string> {
  const token = newSessionToken();
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId, createdAt: now, expiresAt: now + SESSION_SECONDS });
  return token;
}

/** The user behind a token, or null when the token is unknown, expired or its account is locked. */
export async function authenticate(ctx: ServiceContext, token: string | undefined): Promise<UserRow | null> {
  if (!token || token.length > 100) return null;
  const now = ctx.now();
  const tokenHash = hashToken(token);
  const rows = await ctx.db
    .select({ user: users, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)))
    .limit(1);
  const row = rows[0];
  if (!row || lockedNow(row.user, now)) return null;
  if (row.expiresAt - now < SESSION_SECONDS - EXTEND_AFTER_SECONDS) {
    await ctx.db
      .update(sessions)
      .set({ expiresAt: now + SESSION_SECONDS })
      .where(eq(sessions.tokenHash, tokenHash));
  }
  return row.user;
}

export async function revokeSession(db: Db | Tx, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/** Ends every session of a user but the one in use (after a password change). */
export async function revokeOtherSessions(db: Db | Tx, userId: number, keepToken: string): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, hashToken(keepToken))));
}

/** Ends every session of a user (the account was locked). */
export async function revokeAllSessions(db: Db | Tx, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
