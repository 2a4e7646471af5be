import { and, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";

import type { ErrorKey } from "#contract/catalogue";
import { isOpsRole, type OpsRole, type SignInStep } from "#contract/operators";

import type { Tx } from "../../db/client";
import { operators, operatorSessions, operatorSignInFailures } from "../../db/schema";
import { verifyPassword } from "../accounts/passwords";
import { hashToken, newSessionToken } from "../accounts/tokens";
import type { ServiceContext } from "../context";
import { AppError } from "../errors";
import { EVERY_ADDRESS, pendingStep, SESSION_SECONDS } from "./service";
import { totpStep } from "./totp";

/** wrong tries from one address that lock that address out of this operator for LOCK_SECONDS */
const PAIR_TRIES = 5;
/**
 * wrong tries from every address together that lock the operator's sign-in: far above the pair limit, so a
 * stranger cannot lock a colleague out, yet a guesser spreading over many addresses gets few tries
 */
const NAME_TRIES = 50;
const WINDOW_SECONDS = 15 * 60;
const LOCK_SECONDS = 15 * 60;

// compared against when the username is unknown, so an unknown name costs as long as a wrong password
const UNKNOWN_USER_HASH = "scrypt$16384$8$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";

type Guard = typeof operatorSignInFailures.$inferSelect;

type Outcome =
  | { refused: ErrorKey; values?: Record<string, number> }
  | { token: string; operator: { id: number; username: string; role: OpsRole }; pending: SignInStep | null }
  | { unknown: true };

const queues = new Map<string, Promise<unknown>>();

/**
 * One sign-in of an operator name at a time in this process: a burst then waits here rather than holding a
 * pooled connection each on the row lock (which still orders them across processes).
 */
async function oneAtATime<T>(key: string, work: () => Promise<T>): Promise<T> {
  const turn = (queues.get(key) ?? Promise.resolve()).then(work);
  const tail = turn.catch(() => undefined);
  queues.set(key, tail);
  try {
    return await turn;
  } finally {
    if (queues.get(key) === tail) queues.delete(key);
  }
}

const lockEnd = (guards: Guard[], now: number) =>
  Math.max(0, ...guards.map((guard) => (guard.lockedUntil !== null && guard.lockedUntil > now ? guard.lockedUntil : 0)));

/** Counts one wrong try against the pair and against the operator; called under the operator's row lock. */
async function countFailure(tx: Tx, operatorId: number, address: string, guards: Guard[], now: number) {
  for (const [where, limit] of [
    [address, PAIR_TRIES],
    [EVERY_ADDRESS, NAME_TRIES],
  ] as const) {
    const guard = guards.find((row) => row.address === where);
    // a window that has run out, or a lock that has ended, starts the count again
    const fresh = !guard || now - guard.windowStart >= WINDOW_SECONDS || (guard.lockedUntil !== null && guard.lockedUntil <= now);
    const tries = fresh ? 1 : guard.tries + 1;
    const values = {
      tries,
      windowStart: fresh ? now : guard.windowStart,
      lockedUntil: tries >= limit ? now + LOCK_SECONDS : fresh ? null : guard.lockedUntil,
    };
    await tx
      .insert(operatorSignInFailures)
      .values({ operatorId, address: where, ...values })
      .onConflictDoUpdate({ target: [operatorSignInFailures.operatorId, operatorSignInFailures.address], set: values });
  }
}

/**
 * Operator sign-in. Everything about one operator happens under its row lock (`for update`): the lock state
 * is read, the password hashed and a wrong try counted before the next attempt may look, so a parallel burst
 * gets exactly PAIR_TRIES evaluations and every later one is refused as locked without a hash, the right
 * password included. Holding the lock across scrypt costs ~50 ms per sign-in of that operator (on PGlite, of
 * the database, which runs one transaction at a time): acceptable, since the locks bound how many hashes a
 * guesser can cause. Five wrong tries lock one (operator, address) pair, fifty from any addresses the
 * operator; neither ends a session already open. Every role gives the authenticator code (or, without one yet, enrols one), each
 * accepted once: the step only moves forward, in a conditional update. Every refusal for a wrong password,
 * code or name says the same, so a guesser does not learn which part was wrong.
 */
export async function operatorLogin(ctx: ServiceContext, input: { username: string; password: string; code?: string; address: string }) {
  const now = ctx.now();
  const outcome = await oneAtATime(input.username.toLowerCase(), () =>
    ctx.db.transaction(async (tx): Promise<Outcome> => {
      const [row] = await tx
        .select()
        .from(operators)
        .where(sql`lower(${operators.username}) = lower(${input.username})`)
        .limit(1)
        .for("update");
      if (!row) return { unknown: true };
      const guards = await tx
        .select()
        .from(operatorSignInFailures)
        .where(and(eq(operatorSignInFailures.operatorId, row.id), inArray(operatorSignInFailures.address, [input.address, EVERY_ADDRESS])));
      const locked = lockEnd(guards, now);
      if (locked > 0) return { refused: "ops_login_locked", values: { minutes: Math.ceil((locked - now) / 60) } };
      const passwordRight = await verifyPassword(input.password, row.passwordHash);
      const role = isOpsRole(row.role) ? row.role : null;
      // every role gives a code (support reads SMS codes and full ID numbers); one without an authenticator
      // yet, or whose authenticator an admin reset, signs in to enrol one and can do nothing else meanwhile
      const needsCode = !row.mustEnrolTotp;
      const step = needsCode && input.code ? totpStep(row.username, row.totpSecret, input.code, now) : null;
      // a code's step only moves forward: zero rows means this code (or a later one) was used already
      const codeRight =
        !needsCode ||
        (step !== null &&
          passwordRight &&
          (
            await tx
              .update(operators)
              .set({ lastTotpStep: step })
              .where(and(eq(operators.id, row.id), or(isNull(operators.lastTotpStep), lt(operators.lastTotpStep, step))))
              .returning({ id: operators.id })
          ).length === 1);
      if (!passwordRight || !codeRight || role === null) {
        await countFailure(tx, row.id, input.address, guards, now);
        return { refused: "ops_login_failed" };
      }
      // a disabled operator is told nothing more than a wrong try would be, and it is not counted
      if (row.disabledAt !== null) return { refused: "ops_login_failed" };
      // the right answer clears this address's count; the all-address count keeps its window
      await tx
        .delete(operatorSignInFailures)
        .where(and(eq(operatorSignInFailures.operatorId, row.id), eq(operatorSignInFailures.address, input.address)));
      const token = newSessionToken();
      await tx.insert(operatorSessions).values({
        tokenHash: hashToken(token),
        operatorId: row.id,
        createdAt: now,
        lastSeenAt: now,
        expiresAt: now + SESSION_SECONDS,
        address: input.address,
      });
      // ended sessions are removed as their operator signs in again
      await tx.delete(operatorSessions).where(and(eq(operatorSessions.operatorId, row.id), lt(operatorSessions.expiresAt, now)));
      return { token, operator: { id: row.id, username: row.username, role }, pending: pendingStep(row) };
    }),
  );
  if ("unknown" in outcome) {
    // outside the transaction: no row to lock, and the database need not wait for this hash
    await verifyPassword(input.password, UNKNOWN_USER_HASH);
    throw new AppError("ops_login_failed");
  }
  if ("refused" in outcome) throw new AppError(outcome.refused, outcome.values);
  return outcome;
}
