import { and, eq, lte, ne } from "drizzle-orm";

import { LOGIN_ACCOUNT_FAILURE_LIMIT } from "#contract/constants";

import type { Db, Tx } from "../../db/client";
import { loginGuards } from "../../db/schema";
import { minutesLeft, TRY_LIMIT, TRY_WINDOW_SECONDS } from "./password-guard";

/** The address of a name's row that counts the wrong passwords of every address together. */
const EVERY_ADDRESS = "*";

export type LoginCheck =
  { outcome: "right" } | { outcome: "wrong" } | { outcome: "code_needed" } | { outcome: "locked"; minutes: number; log?: string };

/**
 * What `verify` found: right (password and, when asked, the second-factor code), wrong (either), or a right
 * password of an account with two-step sign-in sent without a code, which neither counts nor clears anything:
 * clearing would let a guesser who has the password reset the count between code guesses.
 */
export type LoginVerdict = boolean | "code_needed";

/** Names are counted in lower case, as accounts are looked up whatever the letter case. */
const nameOf = (account: string) => account.toLowerCase();

/**
 * One login try of a name from an address. Five wrong passwords in a window lock that address out of that
 * name for a window (the owner elsewhere still gets in); LOGIN_ACCOUNT_FAILURE_LIMIT wrong ones from all
 * addresses together pause every address's logins of the name for a window, against guessing spread over many
 * addresses. Neither touches the account or its sessions: a stranger can cause both, so both only refuse new
 * logins. The name need not exist (`verify` then checks a dummy hash): an unknown name is counted and locked
 * exactly like a real one, so neither the answers nor the locks tell them apart.
 *
 * Every try of one name first locks the name's every-address row, so one name's tries are checked one at a
 * time, from any number of processes: each sees every earlier wrong password, a burst of guesses from one
 * address gets five, and a burst of right ones (two tabs, a double tap) all get in.
 */
export async function checkLogin(
  tx: Tx,
  account: string,
  address: string,
  now: number,
  verify: () => Promise<LoginVerdict>,
): Promise<LoginCheck> {
  const name = nameOf(account);
  const row = (at: string) => and(eq(loginGuards.account, name), eq(loginGuards.address, at));
  const every = await lockEveryAddressRow(tx, name, now);
  // addresses whose window ran out count for nothing: dropping them keeps the table to one window's addresses
  await tx
    .delete(loginGuards)
    .where(and(eq(loginGuards.account, name), ne(loginGuards.address, EVERY_ADDRESS), lte(loginGuards.since, now - TRY_WINDOW_SECONDS)));
  const all = every.since > now - TRY_WINDOW_SECONDS ? every : { tries: 0, since: now };
  if (all.tries >= LOGIN_ACCOUNT_FAILURE_LIMIT) return { outcome: "locked", minutes: minutesLeft(all.since, now) };
  const [own] = await tx.select().from(loginGuards).where(row(address));
  const wrongSoFar = own?.tries ?? 0;
  if (own && wrongSoFar >= TRY_LIMIT) return { outcome: "locked", minutes: minutesLeft(own.since, now) };
  const verdict = await verify();
  if (verdict === "code_needed") return { outcome: "code_needed" };
  if (verdict) {
    // the right password clears its own address only: guesses from elsewhere still count toward the ceiling
    if (own) await tx.delete(loginGuards).where(row(address));
    return { outcome: "right" };
  }
  const tries = wrongSoFar + 1;
  // a lock runs a whole window from the try that reached the limit
  const since = tries >= TRY_LIMIT ? now : (own?.since ?? now);
  await tx
    .insert(loginGuards)
    .values({ account: name, address, tries, since })
    .onConflictDoUpdate({ target: [loginGuards.account, loginGuards.address], set: { tries, since } });
  const allTries = all.tries + 1;
  const allSince = allTries >= LOGIN_ACCOUNT_FAILURE_LIMIT ? now : all.since;
  await tx.update(loginGuards).set({ tries: allTries, since: allSince }).where(row(EVERY_ADDRESS));
  if (allTries >= LOGIN_ACCOUNT_FAILURE_LIMIT) {
    return {
      outcome: "locked",
      minutes: minutesLeft(now, now),
      log: `logins to ${name} paused after ${allTries} wrong passwords from several addresses`,
    };
  }
  if (tries >= TRY_LIMIT) {
    return {
      outcome: "locked",
      minutes: minutesLeft(now, now),
      log: `address ${address} locked out of ${name} after ${TRY_LIMIT} wrong passwords`,
    };
  }
  return { outcome: "wrong" };
}

/**
 * Creates (if need be) and locks the name's every-address row. Housekeeping may delete a stale one between the
 * insert and the lock; then it is created again.
 */
async function lockEveryAddressRow(tx: Tx, name: string, now: number) {
  const every = and(eq(loginGuards.account, name), eq(loginGuards.address, EVERY_ADDRESS));
  for (let attempt = 0; attempt < 3; attempt++) {
    await tx.insert(loginGuards).values({ account: name, address: EVERY_ADDRESS, tries: 0, since: now }).onConflictDoNothing();
    const [row] = await tx.select().from(loginGuards).where(every).for("update");
    if (row) return row;
  }
  throw new Error(`login guard of ${name} vanished three times`);
}

/** The operator's unlock: every address's count and the ceiling of this name start afresh. */
export async function clearLoginGuards(db: Db | Tx, account: string): Promise<void> {
  await db.delete(loginGuards).where(eq(loginGuards.account, nameOf(account)));
}
