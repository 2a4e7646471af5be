import { randomBytes } from "node:crypto";

import { and, asc, eq, gt, lt, sql } from "drizzle-orm";

import type { OpsRole } from "#contract/operators";
import { isOpsRole } from "#contract/operators";

import type { Db, Tx } from "../../db/client";
import { operators, operatorSessions, settings } from "../../db/schema";
import { hashPassword, verifyPassword } from "../accounts/passwords";
import { hashToken, newSessionToken } from "../accounts/tokens";
import type { ServiceContext } from "../context";
import { AppError } from "../errors";
import { newTotpSecret, totpStep, totpUri } from "./totp";

/** Who is acting in the back office: a named operator, or the machine token (id null), which acts as admin. */
export interface OperatorIdentity {
  id: number | null;
  username: string;
  role: OpsRole;
  /** the console session's token hash, for logout */
  sessionHash?: string;
}

export const MACHINE_OPERATOR: OperatorIdentity = { id: null, username: "token", role: "admin" };

/** The key a two-person rule compares: two different operators never share one. */
export const actorKey = (operator: OperatorIdentity) => (operator.id === null ? "token" : `operator:${operator.id}`);

const MAX_TRIES = 5;
const LOCK_SECONDS = 15 * 60;
/** a console session ends 8 hours after sign-in, or after 30 minutes without a request */
export const SESSION_SECONDS = 8 * 3600;
export const IDLE_SECONDS = 30 * 60;
/** reads refresh the idle clock at most once a minute, so they do not all write */
const TOUCH_AFTER_SECONDS = 60;
/** roles that must give an authenticator code: they move money or manage operators */
const CODE_REQUIRED: readonly OpsRole[] = ["admin", "finance"];
const SETUP_KEY = "ops_setup";

// compared against when the username is unknown, so an unknown name costs as long as a wrong password
const UNKNOWN_USER_HASH = "scrypt$16384$8$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";

const newPassword = () => randomBytes(12).toString("base64url");

export async function operatorCount(db: Db): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(operators);
  return row?.count ?? 0;
}

/** Creates an operator; the password (generated unless given) and the TOTP URI are shown this once. */
export async function createOperator(db: Db | Tx, input: { username: string; role: OpsRole; password?: string }, now: number) {
  const password = input.password ?? newPassword();
  const secret = newTotpSecret();
  const [row] = await db
    .insert(operators)
    .values({ username: input.username, role: input.role, passwordHash: await hashPassword(password), totpSecret: secret, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: operators.id });
  if (!row) throw new AppError("operator_exists");
  return { id: row.id, username: input.username, role: input.role, password, otpauth: totpUri(input.username, secret) };
}

export async function listOperators(ctx: ServiceContext) {
  const rows = await ctx.db.select().from(operators).orderBy(asc(operators.id));
  const now = ctx.now();
  return rows.map((row) => ({
    id: row.id,
    username: row.username,
    role: row.role,
    locked: row.lockedUntil !== null && row.lockedUntil > now,
    createdAt: row.createdAt,
  }));
}

/**
 * Operator sign-in. Five wrong tries (password or code) lock the account for 15 minutes; while it is locked
 * even the right password is refused. Admin and finance must give the authenticator code; a code is accepted
 * once. Every refusal says the same, so a guesser does not learn which part was wrong.
 */
export async function operatorLogin(ctx: ServiceContext, input: { username: string; password: string; code?: string }) {
  const now = ctx.now();
  const [row] = await ctx.db
    .select()
    .from(operators)
    .where(sql`lower(${operators.username}) = lower(${input.username})`)
    .limit(1);
  if (!row) {
    await verifyPassword(input.password, UNKNOWN_USER_HASH);
    throw new AppError("ops_login_failed");
  }
  if (row.lockedUntil !== null && row.lockedUntil > now) {
    throw new AppError("ops_login_locked", { minutes: Math.ceil((row.lockedUntil - now) / 60) });
  }
  const passwordRight = await verifyPassword(input.password, row.passwordHash);
  const role = isOpsRole(row.role) ? row.role : null;
  const needsCode = role === null || CODE_REQUIRED.includes(role);
  const step = input.code ? totpStep(row.username, row.totpSecret, input.code, now) : null;
  const codeRight = !needsCode || (step !== null && (row.lastTotpStep === null || step > row.lastTotpStep));
  if (!passwordRight || !codeRight || role === null) {
    // counted in the database itself: two wrong tries at once both count
    const [counted] = await ctx.db
      .update(operators)
      .set({ failedTries: sql`${operators.failedTries} + 1` })
      .where(eq(operators.id, row.id))
      .returning({ tries: operators.failedTries });
    if ((counted?.tries ?? 0) >= MAX_TRIES) {
      await ctx.db
        .update(operators)
        .set({ failedTries: 0, lockedUntil: now + LOCK_SECONDS })
        .where(eq(operators.id, row.id));
    }
    throw new AppError("ops_login_failed");
  }
  await ctx.db
    .update(operators)
    .set({ failedTries: 0, lockedUntil: null, ...(step !== null ? { lastTotpStep: step } : {}) })
    .where(eq(operators.id, row.id));
  const token = newSessionToken();
  await ctx.db
    .insert(operatorSessions)
    .values({ tokenHash: hashToken(token), operatorId: row.id, createdAt: now, lastSeenAt: now, expiresAt: now + SESSION_SECONDS });
  // ended sessions are removed as their operator signs in again
  await ctx.db.delete(operatorSessions).where(and(eq(operatorSessions.operatorId, row.id), lt(operatorSessions.expiresAt, now)));
  return { token, operator: { id: row.id, username: row.username, role } };
}

/** The operator behind a console session token, or null when it is unknown, ended, idle too long or locked. */
export async function authenticateOperator(ctx: ServiceContext, token: string | undefined): Promise<OperatorIdentity | null> {
  if (!token || token.length > 100) return null;
  const now = ctx.now();
  const tokenHash = hashToken(token);
  const [row] = await ctx.db
    .select({ operator: operators, lastSeenAt: operatorSessions.lastSeenAt })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(
      and(
        eq(operatorSessions.tokenHash, tokenHash),
        gt(operatorSessions.expiresAt, now),
        gt(operatorSessions.lastSeenAt, now - IDLE_SECONDS),
      ),
    )
    .limit(1);
  if (!row || !isOpsRole(row.operator.role)) return null;
  if (row.operator.lockedUntil !== null && row.operator.lockedUntil > now) return null;
  if (now - row.lastSeenAt >= TOUCH_AFTER_SECONDS) {
    await ctx.db.update(operatorSessions).set({ lastSeenAt: now }).where(eq(operatorSessions.tokenHash, tokenHash));
  }
  return { id: row.operator.id, username: row.operator.username, role: row.operator.role, sessionHash: tokenHash };
}

export async function endOperatorSession(db: Db | Tx, operator: OperatorIdentity) {
  if (operator.sessionHash) await db.delete(operatorSessions).where(eq(operatorSessions.tokenHash, operator.sessionHash));
  return { loggedOut: operator.sessionHash !== undefined };
}

/**
 * With no operator yet, a one-time code that lets the console create the first admin. A new code replaces the
 * last at every start; only its hash is kept. Null once an operator exists.
 */
export async function issueSetupCode(db: Db): Promise<string | null> {
  if ((await operatorCount(db)) > 0) return null;
  const code = randomBytes(9).toString("base64url");
  await db
    .insert(settings)
    .values({ key: SETUP_KEY, value: hashToken(code) })
    .onConflictDoUpdate({ target: settings.key, set: { value: hashToken(code) } });
  return code;
}

/** Redeems the setup code for the first admin; the code and the chance end together. */
export async function redeemSetupCode(ctx: ServiceContext, input: { setupCode: string; username: string; password: string }) {
  return ctx.db.transaction(async (tx) => {
    const [used] = await tx
      .delete(settings)
      .where(and(eq(settings.key, SETUP_KEY), eq(settings.value, hashToken(input.setupCode))))
      .returning({ key: settings.key });
    if (!used) throw new AppError("ops_setup_invalid");
    const [existing] = await tx.select({ count: sql<number>`count(*)::int` }).from(operators);
    if ((existing?.count ?? 0) > 0) throw new AppError("ops_setup_invalid");
    return createOperator(tx, { username: input.username, role: "admin", password: input.password }, ctx.now());
  });
}

export const DEMO_OPERATOR = "admin";
export const DEMO_OPERATOR_PASSWORD = "demo-admin-1234";

/**
 * The demo admin beside the demo customer: created once, and its login with the TOTP URI (to add to an
 * authenticator app) shown at every start of a demo server.
 */
export async function demoOperator(ctx: ServiceContext): Promise<{ username: string; password: string; otpauth: string }> {
  const find = () =>
    ctx.db
      .select()
      .from(operators)
      .where(sql`lower(${operators.username}) = ${DEMO_OPERATOR}`)
      .limit(1);
  let [row] = await find();
  if (!row) {
    await createOperator(ctx.db, { username: DEMO_OPERATOR, role: "admin", password: DEMO_OPERATOR_PASSWORD }, ctx.now()).catch(
      (error: unknown) => {
        // another process seeding at the same moment made it first
        if (!(error instanceof AppError)) throw error;
      },
    );
    [row] = await find();
  }
  if (!row) throw new Error("demo operator was not created");
  return { username: row.username, password: DEMO_OPERATOR_PASSWORD, otpauth: totpUri(row.username, row.totpSecret) };
}
