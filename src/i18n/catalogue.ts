import type { ErrorKey, SuccessKey } from "#contract/catalogue";

import { i18n } from "./i18n";

// The error catalogue by key, read from the active catalog. The contract's descriptors (with their English
// copies) stay out of the client bundle: the ids follow one rule, checked by tests/unit/i18n-catalogs.test.ts.
export function errorText(key: ErrorKey, values?: Record<string, string | number>): string {
  const id = `error.${key}`;
  return i18n._(id, values);
}

export function successText(key: SuccessKey): string {
  const id = `success.${key}`;
  return i18n._(id);
}
