import type { ErrorKey, FieldName } from "#contract/catalogue";
import { errorStatus } from "#contract/error-status";
import type { UnitAmount } from "#contract/localized-values";

/** A placeholder's value: text, a count, or an amount with its unit (written in the reader's language when sent). */
export type ErrorValue = string | number | UnitAmount;

/** A refused request: the key names the catalogue message, values fill its placeholders. */
export class AppError extends Error {
  constructor(
    readonly key: ErrorKey,
    readonly values: Record<string, ErrorValue> = {},
    readonly field?: FieldName,
  ) {
    super(key);
  }
  get status(): number {
    return errorStatus[this.key];
  }
}

export const refuse = (key: ErrorKey, values?: Record<string, ErrorValue>) => new AppError(key, values);
