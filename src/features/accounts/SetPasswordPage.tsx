import { useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";

import { Field } from "@/ui/Field";
import { NavBar } from "@/ui/NavBar";
import { NeedsConnection } from "@/ui/NeedsConnection";
import { useOnline } from "@/ui/use-online";
import { useSubmit } from "@/ui/use-submit";

import { changeLoginPassword } from "./password-api";

export function SetPasswordPage() {
  const { t } = useLingui();
  const [oldPassword, setOldPassword] = useState("");
  const [password, setPassword] = useState("");
  const [password2, setPassword2] = useState("");
  const { send, busy } = useSubmit();
  const online = useOnline();

  async function submit(event: FormEvent) {
    event.preventDefault();
    await send(() => changeLoginPassword({ oldPassword, password, password2 }), { navigate: { to: "/pages/user/security" } });
  }

  return (
    <main className="page">
      <NavBar title={t`Login password`} />
      <form className="form" onSubmit={submit} noValidate>
        <Field
          label={t`Old password`}
          name="oldPassword"
          type="password"
          autoComplete="current-password"
          value={oldPassword}
          onChange={(e) => setOldPassword(e.target.value)}
        />
        <Field
          label={t`New password`}
          hint={t`6-16 characters`}
          name="password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Field
          label={t`New password again`}
          name="password2"
          type="password"
          autoComplete="new-password"
          value={password2}
          onChange={(e) => setPassword2(e.target.value)}
        />
        {!online && <NeedsConnection />}
        <button type="submit" className="button button-primary" disabled={busy || !online}>
          {t`Save`}
        </button>
      </form>
    </main>
  );
}
