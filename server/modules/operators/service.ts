import { randomBytes } from "node:crypto";

import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";

import { ANONYMOUS_ACTOR, isOpsRole, isReservedOperatorName, MACHINE_ACTOR, type OpsRole, type SignInStep } from "#contract/operators";

import type { Db, Tx } from "../../db/client";
import { operatorCustomers, operators, operatorSessions, operatorSignInFailures, settings, users } from "../../db/schema";
import { hashPassword } from "../accounts/passwords";
import { hashToken } from "../accounts/tokens";
import type { ServiceContext } from "../context";
import { AppError } from "../errors";
import { checkOperatorPassword, rememberOperatorPassword } from "./password-policy";
import { newTotpSecret, totpUri } from "./totp";

/** Who is acting in the back office: a named operator, or the machine token (id null), which acts as admin. */
export interface OperatorIdentity {
  id: number | null;
  username: string;
  role: OpsRole;
  /** the console session's token hash, for logout */
  sessionHash?: string;
  /** a sign-in step still to take: until then only the steps answer (`SIGN_IN_STEP_PATHS`) */
  pending?: SignInStep | null;
}

/** The step an operator row still owes: a new password first, then an authenticator. */
export const pendingStep = (row: { mustChangePassword: boolean; mustEnrolTotp: boolean }): SignInStep | null =>
  row.mustChangePassword ? "password" : row.mustEnrolTotp ? "totp" : null;

export const MACHINE_OPERATOR: OperatorIdentity = { id: null, username: MACHINE_ACTOR, role: "admin" };

/** Who the audit log names for a refused sign-in: nobody has proven who they are, so no role comes with it. */
export const ANONYMOUS_OPERATOR: Pick<OperatorIdentity, "id" | "username"> = { id: null, username: ANONYMOUS_ACTOR };

/** The key a two-person rule compares: two different operators never share one. */
export const actorKey = (operator: OperatorIdentity) => (operator.id === null ? MACHINE_ACTOR : `operator:${operator.id}`);

/** a console session ends 8 hours after sign-in, or after 30 minutes without a request */
export const SESSION_SECONDS = 8 * 3600;
export const IDLE_SECONDS = 30 * 60;
/** reads refresh the idle clock at most once a minute, so they do not all write */
const TOUCH_AFTER_SECONDS = 60;
const SETUP_KEY = "ops_setup";
/** the address of an operator's sign-in failure row that counts every address together */
export const EVERY_ADDRESS = "*";

/** 16 random characters: a generated password passes the policy without a look at the history */
export const newPassword = () => randomBytes(12).toString("base64url");

async function operatorCount(db: Db): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(operators);
  return row?.count ?? 0;
}

/** Creates an operator; the password (generated unless given) and the TOTP URI are shown this once. */
export async function createOperator(db: Db | Tx, input: { username: string; role: OpsRole; password?: string }, now: number) {
  // the schema refuses these names too; this keeps any other caller from making a person that reads as the token
  if (isReservedOperatorName(input.username)) throw new AppError("invalid_input", {}, "account");
  const password = input.password ?? newPassword();
  await checkOperatorPassword(db, { operatorId: null, username: input.username, password });
  const secret = newTotpSecret();
  const passwordHash = await hashPassword(password);
  const [row] = await db
    .insert(operators)
    .values({ username: input.username, role: input.role, passwordHash, totpSecret: secret, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: operators.id });
  if (!row) throw new AppError("operator_exists");
  await rememberOperatorPassword(db, row.id, passwordHash, now);
  return { id: row.id, username: input.username, role: input.role, password, otpauth: totpUri(input.username, secret) };
}

/**
 * Every operator for the admin's list. `locked`: sign-in is closed to every address (too many wrong tries
 * from all of them together); `sessions`: console sessions open now; `customers`: accounts they hold.
 */
export async function listOperators(ctx: ServiceContext) {
  const now = ctx.now();
  const rows = await ctx.db
    .select({
      row: operators,
      lockedUntil: operatorSignInFailures.lockedUntil,
      sessions: sql<number>`(select count(*)::int from ${operatorSessions} s where s.operator_id = ${operators.id}
        and s.expires_at > ${now} and s.last_seen_at > ${now - IDLE_SECONDS})`,
    })
    .from(operators)
    .leftJoin(
      operatorSignInFailures,
      and(eq(operatorSignInFailures.operatorId, operators.id), eq(operatorSignInFailures.address, EVERY_ADDRESS)),
    )
    .orderBy(asc(operators.id));
  const held = await ctx.db
    .select({ operatorId: operatorCustomers.operatorId, account: users.account })
    .from(operatorCustomers)
    .innerJoin(users, eq(users.id, operatorCustomers.userId))
    .orderBy(asc(users.account));
  return rows.map(({ row, lockedUntil, sessions }) => ({
    id: row.id,
    username: row.username,
    role: row.role,
    locked: lockedUntil !== null && lockedUntil > now,
    createdAt: row.createdAt,
    disabled: row.disabledAt !== null,
    mustChangePassword: row.mustChangePassword,
    mustEnrolTotp: row.mustEnrolTotp,
    sessions,
    customers: held.filter((link) => link.operatorId === row.id).map((link) => link.account),
  }));
}

/**
 * A console session that is still good, with its operator: not signed out or ended, not expired, not idle too
 * long, and its operator not disabled. Null otherwise. It only reads: each caller decides whether its request
 * counts as the operator at work (a request does; an open stream's check does not).
 */
export async function liveOperatorSession(db: Db | Tx, tokenHash: string, now: number) {
  const [row] = await db
    .select({ operator: operators, lastSeenAt: operatorSessions.lastSeenAt })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(
      and(
        eq(operatorSessions.tokenHash, tokenHash),
        gt(operatorSessions.expiresAt, now),
        gt(operatorSessions.lastSeenAt, now - IDLE_SECONDS),
        // a disabled operator's sessions are deleted with the switch; this holds even for one written meanwhile
        isNull(operators.disabledAt),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * The operator behind a console session token, or null when it is unknown, ended or idle too long. A sign-in
 * lock does not end a session: it stops new sign-ins, and anyone may cause one by guessing.
 */
export async function authenticateOperator(ctx: ServiceContext, token: string | undefined): Promise<OperatorIdentity | null> {
  if (!token || token.length > 100) return null;
  const now = ctx.now();
  const tokenHash = hashToken(token);
  const row = await liveOperatorSession(ctx.db, tokenHash, now);
  if (!row || !isOpsRole(row.operator.role)) return null;
  if (now - row.lastSeenAt >= TOUCH_AFTER_SECONDS) {
    await ctx.db.update(operatorSessions).set({ lastSeenAt: now }).where(eq(operatorSessions.tokenHash, tokenHash));
  }
  return {
    id: row.operator.id,
    username: row.operator.username,
    role: row.operator.role,
    sessionHash: tokenHash,
    pending: pendingStep(row.operator),
  };
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
