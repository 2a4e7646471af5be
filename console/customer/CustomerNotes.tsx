import { Trans, useLingui } from "@lingui/react/macro";
import type { FormEvent } from "react";

import { CUSTOMER_NOTE_MAX, type CustomerNote } from "#contract/customers";

import { api, call } from "../api";
import { when } from "../i18n";
import { useMay } from "../operator-context";
import type { CustomerAction } from "./customer-action";

/** The operators' notes on the customer, oldest first, and the form to add one (notes are never changed). */
export function CustomerNotes(props: { account: string; notes: CustomerNote[]; action: CustomerAction }) {
  const { t } = useLingui();
  const may = useMay();
  const { account, notes, action } = props;

  const addNote = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const text = String(new FormData(form).get("text") ?? "");
    action.run(
      async () => {
        await call(api.addCustomerNote, { account, text });
        form.reset();
      },
      t`Note added`,
    );
  };

  return (
    <section className="panel">
      <h2>
        <Trans>Notes</Trans>
      </h2>
      {notes.length === 0 ? (
        <p className="empty">
          <Trans>No note has been written about this customer.</Trans>
        </p>
      ) : (
        <ol className="notes">
          {notes.map((note) => (
            <li key={note.id}>
              <span className="hint">
                {when(note.time)} · {note.operator}
              </span>{" "}
              {note.text}
            </li>
          ))}
        </ol>
      )}
      {may(api.addCustomerNote) && (
        <form className="note-form" onSubmit={addNote}>
          <label>
            <Trans>New note</Trans>
            <textarea name="text" required maxLength={CUSTOMER_NOTE_MAX} rows={3} />
            <small className="hint">{t`Seen by operators only, at most ${CUSTOMER_NOTE_MAX} characters.`}</small>
          </label>
          <button type="submit" disabled={action.busy}>
            <Trans>Add note</Trans>
          </button>
        </form>
      )}
    </section>
  );
}
