import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";

import { Field } from "@/ui/Field";
import { NavBar } from "@/ui/NavBar";
import { NeedsConnection } from "@/ui/NeedsConnection";
import { useOnline } from "@/ui/use-online";
import { useSubmit } from "@/ui/use-submit";
import type { UserInfo } from "#contract/accounts";

import { changePayPassword } from "./password-api";

export function SetFundPasswordPage({ user }: { user: UserInfo }) {
  const { t } = useLingui();
  const [oldPayPassword, setOld] = useState("");
  const [payPassword, setNew] = useState("");
  const [payPassword2, setAgain] = useState("");
  const { submit: send, busy } = useSubmit();
  const online = useOnline();
  // the first fund password needs no old one
  const firstTime = !user.hasPayPassword;

  async function submit(event: FormEvent) {
    event.preventDefault();
    await send({ oldPayPassword: firstTime ? undefined : oldPayPassword, payPassword, payPassword2 }, changePayPassword, {
      navigate: { to: "/pages/user/security" },
    });
  }

  return (
    <main className="page">
      <NavBar title={t`Fund password`} />
      <form className="form" onSubmit={submit} noValidate>
        <p className="form-lead">
          <Trans>The fund password confirms withdrawals, exchanges and investments. It differs from the login password.</Trans>
        </p>
        {!firstTime && (
          <Field
            label={t`Old fund password`}
            name="oldPayPassword"
            type="password"
            autoComplete="off"
            value={oldPayPassword}
            onChange={(e) => setOld(e.target.value)}
          />
        )}
        <Field
          label={t`New fund password`}
          hint={t`6-16 characters`}
          name="payPassword"
          type="password"
          autoComplete="off"
          value={payPassword}
          onChange={(e) => setNew(e.target.value)}
        />
        <Field
          label={t`New fund password again`}
          name="payPassword2"
          type="password"
          autoComplete="off"
          value={payPassword2}
          onChange={(e) => setAgain(e.target.value)}
        />
        {!online && <NeedsConnection />}
        <button type="submit" className="button button-primary" disabled={busy || !online}>
          {t`Save`}
        </button>
      </form>
    </main>
  );
}
