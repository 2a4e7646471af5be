import { useLingui } from "@lingui/react/macro";

import { BCP47, NATIVE_NAMES } from "#contract/languages";
import { TRANSLATED_LANGUAGES, translationKey, type Translations } from "#contract/localized-texts";

import { FormRow } from "./FormRow";

/**
 * A customer-facing text in the nine languages beside English, as `<field>_<code>` form fields. An empty field
 * shows customers the English text, which stands in each empty field as its placeholder.
 */
export function TranslationRows({
  field,
  label,
  english,
  texts,
  maxLength,
}: {
  field: string;
  label: string;
  english: string;
  texts: Translations | undefined;
  maxLength: number;
}) {
  const { t } = useLingui();
  return (
    <fieldset className="translations">
      <legend>{t`${label} in other languages (empty: customers see the English text)`}</legend>
      {TRANSLATED_LANGUAGES.map((code) => (
        <FormRow
          key={code}
          label={`${label} · ${NATIVE_NAMES[code]}`}
          name={translationKey(field, code)}
          lang={BCP47[code]}
          defaultValue={texts?.[code] ?? ""}
          placeholder={english}
          maxLength={maxLength}
        />
      ))}
    </fieldset>
  );
}
