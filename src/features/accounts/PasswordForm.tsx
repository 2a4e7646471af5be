import { useLingui } from "@lingui/react/macro";
import { type FormEvent, type ReactNode, useState } from "react";

import { Field } from "@/ui/Field";
import { NavBar } from "@/ui/NavBar";
import { NeedsConnection } from "@/ui/NeedsConnection";
import { useOnline } from "@/ui/use-online";

/** What the customer typed: the old password (empty when none is asked), the new one and its repetition. */
export interface PasswordEntry {
  old: string;
  next: string;
  again: string;
}

interface PasswordFormProps {
  title: string;
  lead?: ReactNode;
  /** the old password's label; without it the form asks for none (a first fund password) */
  oldLabel?: string;
  newLabel: string;
  againLabel: string;
  /** field names, which the server's field errors refer to */
  names: { old: string; next: string; again: string };
  /** the browser's password manager may fill the login password; it must not offer it for the fund password */
  autoComplete: { old: string; next: string };
  busy: boolean;
  onSubmit: (entry: PasswordEntry) => void;
}

/** The page shared by the login and fund password changes: old, new, new again, save. */
export function PasswordForm({ title, lead, oldLabel, newLabel, againLabel, names, autoComplete, busy, onSubmit }: PasswordFormProps) {
  const { t } = useLingui();
  const [entry, setEntry] = useState<PasswordEntry>({ old: "", next: "", again: "" });
  const online = useOnline();

  const passwordField = (key: keyof PasswordEntry, label: string, complete: string, hint?: string) => (
    <Field
      label={label}
      hint={hint}
      name={names[key]}
      type="password"
      autoComplete={complete}
      value={entry[key]}
      onChange={(event) => setEntry({ ...entry, [key]: event.target.value })}
    />
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit(entry);
  }

  return (
    <main className="page">
      <NavBar title={title} />
      <form className="form" onSubmit={submit} noValidate>
        {lead && <p className="form-lead">{lead}</p>}
        {oldLabel && passwordField("old", oldLabel, autoComplete.old)}
        {passwordField("next", newLabel, autoComplete.next, t`6-16 characters`)}
        {passwordField("again", againLabel, autoComplete.next)}
        {!online && <NeedsConnection />}
        <button type="submit" className="button button-primary" disabled={busy || !online}>
          {t`Save`}
        </button>
      </form>
    </main>
  );
}
