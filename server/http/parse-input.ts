import type { z } from "zod";

import { type ErrorKey, isFieldName } from "#contract/catalogue";
import { errorStatus } from "#contract/error-status";

import { AppError } from "../modules/errors";

const isErrorKey = (value: string): value is ErrorKey => Object.hasOwn(errorStatus, value);

/** The first field (top-level key) whose value holds a NUL character, anywhere inside it. */
function fieldWithNul(data: unknown): string | null {
  if (typeof data !== "object" || data === null) return null;
  const holdsNul = (value: unknown): boolean =>
    typeof value === "string"
      ? value.includes("\u0000")
      : typeof value === "object" && value !== null && Object.values(value).some(holdsNul);
  return Object.entries(data).find(([, value]) => holdsNul(value))?.[0] ?? null;
}

/** The bound a range refusal names (a schema's custom issue carries it in `params`), for the message. */
function issueValues(issue: z.core.$ZodIssue | undefined): Record<string, string> {
  if (issue?.code !== "custom" || !issue.params) return {};
  return Object.fromEntries(Object.entries(issue.params).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
}

/** Validates a request against its contract schema; the first problem becomes a catalogue error. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) {
    // PostgreSQL text cannot hold U+0000: a query with one fails, so it is refused here as invalid input
    const nulField = fieldWithNul(result.data);
    if (nulField !== null) throw new AppError("invalid_input", {}, isFieldName(nulField) ? nulField : "request");
    return result.data;
  }
  const issue = result.error.issues[0];
  const key = issue && isErrorKey(issue.message) ? issue.message : "invalid_input";
  const fieldName = issue?.path[0];
  const field = isFieldName(fieldName) ? fieldName : "request";
  throw new AppError(key, issueValues(issue), field);
}
