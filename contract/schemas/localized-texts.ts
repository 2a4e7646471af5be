import { z } from "zod";

import type { EndpointSpec } from "../endpoints";
import { TRANSLATED_LANGUAGES, type TranslatedLanguage, translationKey } from "../localized-texts";
import type { OpsRole } from "../operators";
import { requiredText } from "./fields";

/** The longest name or title a customer list has room for, and the longest channel instructions. */
export const NAME_MAX = 60;
export const NOTE_MAX = 300;

/**
 * The optional form fields `<field>_<code>` of a customer-facing text in the nine languages beside English
 * (English is the record's own field, required where the record is edited). An absent field keeps the stored
 * text, an empty one removes it.
 */
export function translationFields<F extends string>(field: F, max: number) {
  const text = () => z.string({ error: "invalid_input" }).max(max, { error: "field_too_long" });
  return Object.fromEntries(TRANSLATED_LANGUAGES.map((code) => [translationKey(field, code), text().optional()])) as Record<
    `${F}_${TranslatedLanguage}`,
    z.ZodOptional<z.ZodString>
  >;
}

const recordId = () =>
  z
    .string({ error: (issue) => (issue.input === undefined ? "field_required" : "invalid_input") })
    .regex(/^\d{1,9}$/, { error: "invalid_input" });

/** admin only, as every other product change */
const ADMIN: readonly OpsRole[] = [];

/** The operator's product names: English (the product's name) and the other nine languages. */
export const opsProductNameEndpoints = {
  setProductNames: {
    method: "POST",
    path: "/api/ops/product/names",
    summary: "Set a product's display name: English (name, required) and name_<code> per language (empty: English is shown)",
    request: z.object({
      pid: recordId(),
      name: requiredText().max(NAME_MAX, { error: "field_too_long" }),
      ...translationFields("name", NAME_MAX),
    }),
    auth: "ops",
    roles: ADMIN,
  },
} satisfies Record<string, EndpointSpec>;
