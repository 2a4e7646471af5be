import { z } from "zod";

import { TRANSLATED_LANGUAGES, type TranslatedLanguage, translationKey } from "../localized-texts";
import { idField, requiredText } from "./fields";

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

/** operator: a product's display name, English (the product's name) and the other nine languages */
export const productNamesRequest = z.object({
  pid: idField(),
  name: requiredText().max(NAME_MAX, { error: "field_too_long" }),
  ...translationFields("name", NAME_MAX),
});
