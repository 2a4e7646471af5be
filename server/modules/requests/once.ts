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

/** scrypt at the cost of users.pay_password_hash, salted by the claim. */
async function stretched(claim: Claim, secret: string): Promise<Buffer> {
  const salt = createHash("sha256")
    .update(JSON.stringify([claim.userId, claim.action, claim.requestId]))
    .digest();
  return scrypt(secret, salt, 32, { N: 16384, r: 8, p: 1 });
}

/**
 * A digest of the request's fields other than its requestId, then, after a dot, one of the fund password the
 * request proves (`fundPassword`, when it has one), so that a resend can be told apart by its other values
 * first and by its fund password only through a counted try (`once`). Passwords are stretched with scrypt, so
 * a stored fingerprint is no quicker to guess a password from than the password's own hash; the other fields
 * only need to be told apart. The fields holding the fund password are those secret fields equal to it.
 */
async function fingerprintOf(claim: Claim, fields: Record<string, unknown>, fundPassword?: string): Promise<string> {
  const entries = Object.entries(fields)
    .filter(([field, value]) => field !== "requestId" && value !== undefined)
    .filter(([field, value]) => fundPassword === undefined || !isSecret(field) || value !== fundPassword)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const digest = createHash("sha256").update(JSON.stringify(entries.filter(([field]) => !isSecret(field))));
  const secrets = entries.filter(([field]) => isSecret(field));
  if (secrets.length > 0) digest.update(await stretched(claim, JSON.stringify(secrets)));
  const others = digest.digest("base64url");
  if (fundPassword === undefined) return others;
  const fund = createHash("sha256").update(await stretched(claim, JSON.stringify(["fund", fundPassword])));
  return `${others}.${fund.digest("base64url")}`;
}

/** The fund password a once-only request proves, and how a resend's fund password is counted. */
export interface FundPasswordCheck<C> {
  password: string;
  /** checks and counts it before the first answer; gives the context the effect runs with */
  check: () => Promise<C>;
  /** counts a resend's: right when it is the one the answered request proved; throws when refused */
  replayed: (matches: boolean) => Promise<void>;
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
   * The request's fund password: checked before the transaction, and only for a request not yet answered,
   * for its try count must survive a refusal.
   */
  fundPassword?: FundPasswordCheck<C>,
): Promise<Answer> {
  const fingerprint = await fingerprintOf(claim, fields, fundPassword?.password);
  // an answered request is answered again without checking its fund password against the current hash: a fund
  // password the first request just changed must not refuse the retry of that very change
  const [answered] = await ctx.db.select().from(requestClaims).where(sameClaim(claim)).limit(1);
  if (answered?.answer) return replayedAnswer(answered, fingerprint, fundPassword);
  const checked = fundPassword ? await fundPassword.check() : ctx;
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

/**
 * A resend of an answered request. Other values than the first's are refused before the fund password is
 * looked at, so the refusal says nothing about it. With the same values, the fund password is counted as a
 * try: a different one is a wrong try (the first request proved the right one), and the first answer comes
 * back only outside a lock. Without this, resending an answered request with guesses would test fund passwords
 * (the first answer for the right one, request_reused for the others) without ever counting a try.
 */
async function replayedAnswer<C>(
  first: { fingerprint: string; answer: string | null },
  fingerprint: string,
  fundPassword: FundPasswordCheck<C> | undefined,
): Promise<Answer> {
  if (!fundPassword) return storedAnswer(first, fingerprint);
  const [others, fund] = fingerprint.split(".");
  const [firstOthers, firstFund] = first.fingerprint.split(".");
  if (others !== firstOthers || firstFund === undefined) throw new AppError("request_reused");
  await fundPassword.replayed(fund === firstFund);
  return JSON.parse(first.answer!) as Answer;
}

function storedAnswer(first: { fingerprint: string; answer: string | null }, fingerprint: string): Answer {
  if (first.fingerprint !== fingerprint) throw new AppError("request_reused");
  return JSON.parse(first.answer!) as Answer;
}
