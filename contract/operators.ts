/**
 * Operator roles. Admin may do everything; each other role has its own part of the back office. Kept apart
 * from the zod schemas so the console can read it without the validator.
 */
export const OPS_ROLES = ["admin", "finance", "support", "content"] as const;
export type OpsRole = (typeof OPS_ROLES)[number];

export const isOpsRole = (value: unknown): value is OpsRole =>
  typeof value === "string" && (OPS_ROLES as readonly string[]).includes(value);

/**
 * Whether an operator of `role` may call `endpoint` (an entry of `contract/ops-paths.ts`, or a route's config
 * carrying its roles); admin always may, and an endpoint that declares no roles is admin's. The one check: the
 * server's auth hook refuses with it, the console's navigation and pages offer only what it allows.
 */
export const roleAllows = (role: OpsRole, endpoint: { readonly roles?: readonly OpsRole[] | undefined }) =>
  role === "admin" || (endpoint.roles ?? []).includes(role);

/** Roles every signed-in operator has for the read-only basics (who am I, the dashboard). */
export const EVERY_ROLE: readonly OpsRole[] = OPS_ROLES;

/** The console session cookie: sent only to the operator API. */
export const OPS_SESSION_COOKIE = "ops_session";

/** The audit log's actor for the machine token (scripts, `npm run ops`). */
export const MACHINE_ACTOR = "token";
/** The audit log's actor for a sign-in nobody has proven yet: the name tried is data, never the actor. */
export const ANONYMOUS_ACTOR = "anonymous";
/** Names no operator may take, so no audit row of a person can pass for the token or an anonymous try. */
export const isReservedOperatorName = (name: string) => [MACHINE_ACTOR, ANONYMOUS_ACTOR].includes(name.toLowerCase());

/**
 * A step an operator must take at sign-in before the console opens: a new password after an admin's reset,
 * or an authenticator enrolled (none yet, or reset by an admin). Until then the session reaches only the steps.
 */
export const SIGN_IN_STEPS = ["password", "totp"] as const;
export type SignInStep = (typeof SIGN_IN_STEPS)[number];

/** An operator password: at least this long, not the name, not a common one, not one of the last few. */
export const OPERATOR_PASSWORD_MIN = 12;
export const OPERATOR_PASSWORD_HISTORY = 5;
