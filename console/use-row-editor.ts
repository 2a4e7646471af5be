import { useState } from "react";

/**
 * Which row of a console table is open in its edit form ("new" for a new row): Edit on a row opens it (again
 * closes it), a save closes the form and reloads the table.
 */
export function useRowEditor<Row extends { id: number }>(rows: Row[] | null | undefined, reload: () => void) {
  const [editing, setEditing] = useState<number | "new" | null>(null);
  return {
    open: editing !== null,
    /** the form's React key: another row gets a fresh form */
    key: String(editing),
    /** the row in the form, null for a new one */
    row: typeof editing === "number" ? (rows?.find((row) => row.id === editing) ?? null) : null,
    /** a table row's class: the row open in the form is marked */
    rowClass: (row: Row) => (row.id === editing ? "selected" : undefined),
    toggle: (id: number) => setEditing((current) => (current === id ? null : id)),
    startNew: () => setEditing("new"),
    saved: () => {
      setEditing(null);
      reload();
    },
  };
}
