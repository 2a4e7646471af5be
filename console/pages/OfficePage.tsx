import { Trans, useLingui } from "@lingui/react/macro";
import type { FormEvent } from "react";

import { COORD_PATTERN, PLACE_TEXT_MAX } from "#contract/location";

import { api, call } from "../api";
import { formFields } from "../form-fields";
import { FormRow } from "../FormRow";
import { FormStatus } from "../FormStatus";
import { useLoad } from "../use-load";
import { useSubmit } from "../use-submit";

/** the server's coordinate pattern as an input's (which anchors it itself): decimal degrees, up to 10 decimals */
const COORD_INPUT_PATTERN = COORD_PATTERN.source.replace(/^\^|\$$/g, "");

/**
 * The company's office the company page links to open-location (server/modules/support/office.ts): its name,
 * address and coordinates. The server checks the ranges; its refusal names the field.
 */
export function OfficePage() {
  const { t } = useLingui();
  const save = useSubmit();
  const { data, error, reload } = useLoad(() => call(api.office));
  if (error) return <p className="error">{error}</p>;
  if (!data) return null;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = formFields(event.currentTarget);
    void save.submit(() => call(api.setOffice, fields), t`Saved`).then((ok) => ok && reload());
  };
  return (
    <section>
      <h1>
        <Trans>Office</Trans>
      </h1>
      <p className="hint">
        <Trans>Customers open it from the company page, on a map of their phone.</Trans>
      </p>
      <form className="panel office-form" onSubmit={submit} aria-label={t`Office`} key={JSON.stringify(data)}>
        <FormRow label={t`Name`} name="name" defaultValue={data.name} required maxLength={PLACE_TEXT_MAX} />
        <FormRow label={t`Address`} name="address" defaultValue={data.address} required maxLength={PLACE_TEXT_MAX} />
        <CoordinateRow name="lat" label={t`Latitude`} hint={t`Decimal degrees, −90 to 90 (north is positive)`} value={data.coords.lat} />
        <CoordinateRow name="lng" label={t`Longitude`} hint={t`Decimal degrees, −180 to 180 (east is positive)`} value={data.coords.lng} />
        <button type="submit" disabled={save.busy}>
          <Trans>Save office</Trans>
        </button>
        <FormStatus error={save.error} notice={save.notice} />
      </form>
    </section>
  );
}

/** A coordinate in decimal degrees, held to the server's pattern as the operator types. */
function CoordinateRow({ name, label, hint, value }: { name: "lat" | "lng"; label: string; hint: string; value: number }) {
  return (
    <FormRow
      label={label}
      hint={hint}
      name={name}
      defaultValue={String(value)}
      inputMode="decimal"
      pattern={COORD_INPUT_PATTERN}
      required
    />
  );
}
