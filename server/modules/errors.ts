import type { ErrorKey, FieldName } from "#contract/catalogue";
import { errorStatus } from "#contract/error-status";

/** A refused request: the key names the catalogue message, values fill its placeholders. */
export class AppError extends Error {
  constructor(
    readonly key: ErrorKey,
    readonly values: Record<string, string | number> = {},
    readonly field?: FieldName,
  ) {
    super(key);
  }
  get status(): number {
    return errorStatus[this.key];
  }
}

export const refuse = (key: ErrorKey, values?: Record<string, string | number>) => new AppError(key, values);
