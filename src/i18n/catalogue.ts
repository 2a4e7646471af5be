import type { ErrorKey, SuccessKey } from "../../contract/messages";
import { i18n } from "./i18n";

// The spec §8 catalogue by key, read from the active catalog. The contract's descriptors (with their English
// copies) stay out of the client bundle: the ids follow one rule, checked by tests/unit/i18n-catalogs.test.ts.
export const errorText = (key: ErrorKey): string => i18n._(`error.${key}`);
export const successText = (key: SuccessKey): string => i18n._(`success.${key}`);
