import { and, eq, sql } from "drizzle-orm";

import { LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_WINDOW_SECONDS } from "#contract/constants";

import type { Db, Tx } from "../../db/client";
import { passwordGuards } from "../../db/schema";

/**
 * One password try, counted before the password is checked. Counting first and checking second is what
 * makes the limit hold under concurrent guesses: each request learns its own number from the same atomic
 * statement, so forty parallel guesses get the numbers 1 to 40 and only the first five are checked.
 */
export interface Try {
  scope: string;
  /** this try's number in the window, refused tries included */
  number: number;
  /** when the window (or, after the limit, the lock) started */
  since: number;
}

export const TRY_LIMIT = LOGIN_FAILURE_LIMIT;
export const TRY_WINDOW_SECONDS = LOGIN_FAILURE_WINDOW_SECONDS;

/**
 * Counts a try in one statement: INSERT … ON CONFLICT DO UPDATE locks the row, so concurrent tries (from
 * any number of processes) are numbered one after the other. A window older than TRY_WINDOW_SECONDS
 * starts again at 1.
 */
export async function countTry(db: Db | Tx, userId: number, scope: string, now: number): Promise<Try> {
  const expired = sql`${passwordGuards.since} <= ${now - TRY_WINDOW_SECONDS}`;
  const [row] = await db
    .insert(passwordGuards)
    .values({ userId, scope, tries: 1, since: now })
    .onConflictDoUpdate({
      target: [passwordGuards.userId, passwordGuards.scope],
      set: {
        tries: sql`case when ${expired} then 1 else ${passwordGuards.tries} + 1 end`,
        since: sql`case when ${expired} then ${now} else ${passwordGuards.since} end`,
      },
    })
    .returning({ tries: passwordGuards.tries, since: passwordGuards.since });
  return { scope, number: row!.tries, since: row!.since };
}

/** Past the limit: the try is refused unchecked. */
export const overLimit = (attempt: Try) => attempt.number > TRY_LIMIT;

/** The try that reached the limit was wrong: the lock runs a full window from now. */
export const reachedLimit = (attempt: Try) => attempt.number === TRY_LIMIT;

/** Whole minutes until a scope locked at `since` opens again (at least 1). */
export const minutesLeft = (since: number, now: number) => Math.max(1, Math.ceil((since + TRY_WINDOW_SECONDS - now) / 60));

export async function startLock(db: Db | Tx, userId: number, attempt: Try, now: number): Promise<void> {
  await db
    .update(passwordGuards)
    .set({ since: now })
    .where(and(eq(passwordGuards.userId, userId), eq(passwordGuards.scope, attempt.scope), eq(passwordGuards.since, attempt.since)));
}

/**
 * The right password clears the count, but only when no try was counted after this one: a right guess in a
 * burst of wrong ones must not hand the rest of the burst fresh tries.
 */
export async function forgive(db: Db | Tx, userId: number, attempt: Try): Promise<void> {
  await db
    .delete(passwordGuards)
    .where(
      and(
        eq(passwordGuards.userId, userId),
        eq(passwordGuards.scope, attempt.scope),
        eq(passwordGuards.tries, attempt.number),
        eq(passwordGuards.since, attempt.since),
      ),
    );
}
