import { createHash, scrypt as scryptCallback } from "node:crypto";
import { promisify } from "node:util";

import { and, eq } from "drizzle-orm";

import type { SuccessKey } from "#contract/catalogue";

import type { Db } from "../../db/client";
import { requestClaims } from "../../db/schema";
import type { ServiceContext } from "../context";
import { AppError } from "../errors";

const scrypt = promisify(scryptCallback) as (secret: string, salt: Buffer, keylen: number, options: object) => Promise<Buffer>;

/** Who asks for what: one row of request_claims. */
export interface Claim {
  userId: number;
  /** the endpoint's path: one key space per action, so one requestId may serve two different actions */
  action: string;
  requestId: string;
}

/** A success as it is answered again on every retry: the data and the key of its message. */
export interface Answer {
  data: unknown;
  message: SuccessKey;
}

const isSecret = (field: string) => /password/i.test(field);

/**
 * A digest of the request's fields other than its requestId. Passwords are stretched with scrypt (the cost of
 * users.pay_password_hash, salted by the claim), so a stored fingerprint is no quicker to guess a fund
 * password from than the password's own hash; the other fields only need to be told apart.
 */
export async function fingerprintOf(claim: Claim, fields: Record<string, unknown>): Promise<string> {
  const entries = Object.entries(fields)
    .filter(([field, value]) => field !== "requestId" && value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const digest = createHash("sha256").update(JSON.stringify(entries.filter(([field]) => !isSecret(field))));
  const secrets = entries.filter(([field]) => isSecret(field));
  if (secrets.length > 0) {
    const salt = createHash("sha256")
      .update(JSON.stringify([claim.userId, claim.action, claim.requestId]))
      .digest();
    digest.update(await scrypt(JSON.stringify(secrets), salt, 32, { N: 16384, r: 8, p: 1 }));
  }
  return digest.digest("base64url");
}

const sameClaim = (claim: Claim) =>
  and(eq(requestClaims.userId, claim.userId), eq(requestClaims.action, claim.action), eq(requestClaims.requestId, claim.requestId));

/**
 * Does `effect` at most once per claim and answers every retry with the first answer. In one transaction the
 * claim row is inserted, the effect runs on that transaction (a service's own `db.transaction` becomes a
 * savepoint inside it) and the answer is stored, so the claim and the effect commit or vanish together: a
 * refused request (the effect threw) leaves no claim, and a corrected retry with the same requestId works.
 *
 * Identical requests racing: on PostgreSQL the second insert waits on the primary key until the first
 * transaction ends, then finds its committed row (or, had it rolled back, claims in its place); PGlite runs
 * one transaction at a time. Either way the loser reads the stored answer instead of acting.
 */
export async function once<C extends ServiceContext>(
  ctx: C,
  claim: Claim,
  fields: Record<string, unknown>,
  effect: (scoped: C) => Promise<Answer>,
  /**
   * Runs before the transaction, and only for a request not yet answered: a check whose own writes must
   * survive a refusal (the fund password's try count). It gives the context the effect runs with.
   */
  beforeFirstAnswer?: () => Promise<C>,
): Promise<Answer> {
  const fingerprint = await fingerprintOf(claim, fields);
  // an answered request is answered again without running its checks a second time: a fund password the
  // first request just changed must not refuse the retry of that very change
  const [answered] = await ctx.db.select().from(requestClaims).where(sameClaim(claim)).limit(1);
  if (answered?.answer) return storedAnswer(answered, fingerprint);
  const checked = beforeFirstAnswer ? await beforeFirstAnswer() : ctx;
  return ctx.db.transaction(async (tx) => {
    const claimed = await tx
      .insert(requestClaims)
      .values({ ...claim, fingerprint, createdAt: ctx.now() })
      .onConflictDoNothing()
      .returning({ userId: requestClaims.userId });
    if (claimed.length === 0) {
      const [first] = await tx.select().from(requestClaims).where(sameClaim(claim)).limit(1);
      if (!first?.answer) throw new Error(`request claim ${claim.action} ${claim.requestId} has no stored answer`);
      return storedAnswer(first, fingerprint);
    }
    const answer = await effect({ ...checked, db: tx as unknown as Db });
    // the first caller gets the stored text too, so it and every retry see the same answer
    const stored = JSON.stringify({ data: answer.data ?? null, message: answer.message });
    await tx.update(requestClaims).set({ answer: stored }).where(sameClaim(claim));
    return JSON.parse(stored) as Answer;
  });
}

function storedAnswer(first: { fingerprint: string; answer: string | null }, fingerprint: string): Answer {
  if (first.fingerprint !== fingerprint) throw new AppError("request_reused");
  return JSON.parse(first.answer!) as Answer;
}
