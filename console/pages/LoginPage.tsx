import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useNavigate } from "@tanstack/react-router";
import type { FormEvent } from "react";

import { api, call } from "../api";
import { FormRow } from "../FormRow";
import { FormStatus } from "../FormStatus";
import { useSubmit } from "../use-submit";

export function LoginPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const signIn = useSubmit();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const code = String(form.get("code") ?? "").trim();
    const fields = { username: String(form.get("username")), password: String(form.get("password")), code: code || undefined };
    void signIn.submit(async () => {
      const signed = await call(api.operatorLogin, fields);
      // a reset password or a missing authenticator is dealt with before the console opens
      await navigate({ to: signed.pending ? "/sign-in-steps" : "/" });
    });
  };
  return (
    <main className="login">
      <form onSubmit={submit}>
        <h1>
          <Trans>Back office sign-in</Trans>
        </h1>
        <FormRow label={t`Username`} name="username" autoComplete="username" required />
        <FormRow label={t`Password`} name="password" type="password" autoComplete="current-password" required />
        <FormRow
          label={t`Authenticator code`}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="\d{6}"
          placeholder={t`6 digits (empty only to enrol a new authenticator)`}
        />
        <FormStatus error={signIn.error} notice={null} />
        <button type="submit" disabled={signIn.busy}>
          <Trans>Sign in</Trans>
        </button>
        <p>
          <Link to="/setup">
            <Trans>New platform: create the first admin with the setup code</Trans>
          </Link>
        </p>
      </form>
    </main>
  );
}
