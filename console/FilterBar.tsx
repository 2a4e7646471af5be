import { Trans } from "@lingui/react/macro";
import type { FormEvent } from "react";

import type { ListParams } from "./list-params";

/** One filter of a list: a search box, a date (a whole UTC day), an amount in U, or a choice. */
export type FilterField =
  | { name: string; label: string; kind: "text"; placeholder?: string }
  | { name: string; label: string; kind: "date" }
  | { name: string; label: string; kind: "amount" }
  | { name: string; label: string; kind: "select"; options: ReadonlyArray<{ value: string; label: string }>; fallback?: string };

/**
 * The filter bar every console list uses: one labelled input per filter, filled from the URL's current view;
 * "Apply" hands the new values to the list (which writes them into the URL), "Clear" hands none. Values go to the
 * server as typed, which parses and refuses them naming the field: the browser's own checks only help typing.
 */
export function FilterBar(props: {
  fields: readonly FilterField[];
  values: ListParams;
  onApply: (values: Record<string, string>) => void;
}) {
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const values: Record<string, string> = {};
    for (const field of props.fields) {
      const value = String(form.get(field.name) ?? "").trim();
      if (value !== "") values[field.name] = value;
    }
    props.onApply(values);
  };
  return (
    // keyed by the view, so a back button or a bookmark refills the inputs
    <form role="search" className="filter-bar" onSubmit={apply} key={JSON.stringify(props.values)}>
      {props.fields.map((field) => (
        <label key={field.name}>
          <span>{field.label}</span>
          <FilterInput field={field} value={props.values[field.name]} />
        </label>
      ))}
      <button type="submit">
        <Trans>Apply</Trans>
      </button>
      <button type="button" onClick={() => props.onApply({})}>
        <Trans>Clear</Trans>
      </button>
    </form>
  );
}

function FilterInput({ field, value }: { field: FilterField; value: string | undefined }) {
  switch (field.kind) {
    case "select":
      return (
        <select name={field.name} defaultValue={value ?? field.fallback ?? ""}>
          {field.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      );
    case "date":
      return <input type="date" name={field.name} defaultValue={value ?? ""} />;
    case "amount":
      return <input name={field.name} inputMode="decimal" pattern="\d{1,12}(\.\d{1,2})?" defaultValue={value ?? ""} />;
    default:
      return <input type="search" name={field.name} placeholder={field.placeholder} defaultValue={value ?? ""} />;
  }
}
