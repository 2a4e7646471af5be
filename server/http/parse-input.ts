import type { z } from "zod";
import { errorStatus } from "../../contract/errors";
import { type ErrorKey, isFieldName } from "../../contract/messages";
import { AppError } from "../modules/errors";

const isErrorKey = (value: string): value is ErrorKey => Object.hasOwn(errorStatus, value);

/** Validates a request against its contract schema; the first problem becomes a catalogue error. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const key = issue && isErrorKey(issue.message) ? issue.message : "invalid_input";
  const fieldName = issue?.path[0];
  const field = isFieldName(fieldName) ? fieldName : "request";
  throw new AppError(key, {}, field);
}
