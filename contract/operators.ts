/**
 * Operator roles. Admin may do everything; each other role has its own part of the back office. Kept apart
 * from the zod schemas so the console can read it without the validator.
 */
export const OPS_ROLES = ["admin", "finance", "support", "content"] as const;
export type OpsRole = (typeof OPS_ROLES)[number];

export const isOpsRole = (value: unknown): value is OpsRole =>
  typeof value === "string" && (OPS_ROLES as readonly string[]).includes(value);

/** Whether an operator of `role` may call an endpoint declaring `allowed`; admin always may. */
export const roleAllows = (role: OpsRole, allowed: readonly OpsRole[] | undefined) => role === "admin" || (allowed ?? []).includes(role);

/** Roles every signed-in operator has for the read-only basics (who am I, the dashboard). */
export const EVERY_ROLE: readonly OpsRole[] = OPS_ROLES;

/** The console session cookie: sent only to the operator API. */
export const OPS_SESSION_COOKIE = "ops_session";
