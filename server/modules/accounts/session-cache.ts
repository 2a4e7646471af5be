import type { Db } from "../../db/client";

/** Sessions ended on one process are announced here, so every process forgets them (PostgreSQL NOTIFY). */
export const SESSIONS_CHANNEL = "trading_sessions";

/** How long a session found in the database is trusted without looking again, should a notice be lost. */
const TTL_MS = 30_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  /** which database it came from: tests run several servers, each on its own database, in one process */
  db: Db;
  userId: number;
  expiresAt: number;
  /** when the session began: it never changes */
  createdAt: number;
  /**
   * The user's row said so when the session was looked up: only support's reset sets it, and that reset ends
   * every session, so a cached "no" cannot go stale; the change that clears it forgets the user's entries.
   */
  mustChangePassword: boolean;
  /** the last request written to the session's row (at most once a minute) */
  lastSeenAt: number | null;
  storedAt: number;
}

/**
 * token hash → the session's user id and expiry, so an authenticated request reads only its user's row (by
 * primary key), not the sessions table. The user row itself is read every time: balances and the lock on it
 * change with every money movement, and a request must see them as they are.
 */
class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /** grows with every forgetting: a look-up begun before one may have read what was just ended */
  private forgets = 0;

  find(db: Db, tokenHash: string): Entry | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry || entry.db !== db) return undefined;
    if (Date.now() - entry.storedAt > TTL_MS) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry;
  }

  /** Taken before a database look-up, handed to store(). */
  mark(): number {
    return this.forgets;
  }

  store(
    db: Db,
    tokenHash: string,
    session: Pick<Entry, "userId" | "expiresAt" | "createdAt" | "mustChangePassword" | "lastSeenAt">,
    mark: number,
  ): void {
    if (mark !== this.forgets) return;
    this.entries.delete(tokenHash);
    // the oldest entry goes first (a Map keeps insertion order)
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(tokenHash, { db, ...session, storedAt: Date.now() });
  }

  extended(tokenHash: string, expiresAt: number): void {
    const entry = this.entries.get(tokenHash);
    if (entry) entry.expiresAt = expiresAt;
  }

  seen(tokenHash: string, at: number): void {
    const entry = this.entries.get(tokenHash);
    if (entry) entry.lastSeenAt = at;
  }

  /** `t:<token hash>` ends one session, `u:<user id>` every session of a user, `*` all. */
  forget(notice: string): void {
    this.forgets++;
    if (notice === "*") this.entries.clear();
    else if (notice.startsWith("t:")) this.entries.delete(notice.slice(2));
    else if (notice.startsWith("u:")) {
      const userId = Number(notice.slice(2));
      for (const [tokenHash, entry] of this.entries) if (entry.userId === userId) this.entries.delete(tokenHash);
    }
  }
}

export const sessionCache = new SessionCache();

export const tokenNotice = (tokenHash: string) => `t:${tokenHash}`;
export const userNotice = (userId: number) => `u:${userId}`;
/** Notices may have been missed (the listening connection was lost): nothing cached can be trusted. */
export const EVERYTHING = "*";
