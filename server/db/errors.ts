/**
 * Which integrity rule the database refused a statement for, read from the error's SQLSTATE and constraint
 * name rather than its message (the message is localized by the server and worded differently by PGlite and
 * PostgreSQL). node-postgres and PGlite both put `code` and `constraint` on their errors; drizzle wraps a
 * failed query in an error whose `cause` is the driver's, so the chain of causes is searched.
 */

/** The SQLSTATE codes of PostgreSQL's integrity constraint violations (class 23). */
export const SQLSTATE = {
  notNullViolation: "23502",
  foreignKeyViolation: "23503",
  uniqueViolation: "23505",
  checkViolation: "23514",
  exclusionViolation: "23P01",
} as const;

export interface DatabaseErrorFields {
  code: string;
  /** the constraint (for a unique index, the index) that refused the row, when the rule has a name */
  constraint?: string;
}

/** The driver's error in `error` or its chain of causes, by its five-character SQLSTATE. */
export function databaseError(error: unknown): DatabaseErrorFields | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && typeof current === "object" && current !== null; depth++) {
    const { code, constraint, cause } = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, ...(typeof constraint === "string" ? { constraint } : {}) };
    }
    current = cause;
  }
  return undefined;
}

/** Whether `error` is a violation with this SQLSTATE, and (when given) of one of these constraints. */
export function isViolation(error: unknown, code: string, constraint?: string | readonly string[]): boolean {
  const found = databaseError(error);
  if (!found || found.code !== code) return false;
  if (constraint === undefined) return true;
  const names: readonly string[] = typeof constraint === "string" ? [constraint] : constraint;
  return found.constraint !== undefined && names.includes(found.constraint);
}

/** A unique constraint or unique index refused the row; `constraint` narrows it to those names. */
export const isUniqueViolation = (error: unknown, constraint?: string | readonly string[]) =>
  isViolation(error, SQLSTATE.uniqueViolation, constraint);

/** A check constraint refused the row; `constraint` narrows it to those names. */
export const isCheckViolation = (error: unknown, constraint?: string | readonly string[]) =>
  isViolation(error, SQLSTATE.checkViolation, constraint);
