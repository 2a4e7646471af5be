import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";

import { api, call, ConsoleError } from "../api";

export function LoginPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    try {
      const code = String(form.get("code") ?? "").trim();
      const signed = await call(api.operatorLogin, {
        username: String(form.get("username")),
        password: String(form.get("password")),
        code: code || undefined,
      });
      // a reset password or a missing authenticator is dealt with before the console opens
      await navigate({ to: signed.pending ? "/sign-in-steps" : "/" });
    } catch (failure) {
      setError(failure instanceof ConsoleError ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <main className="login">
      <form onSubmit={(event) => void submit(event)}>
        <h1>
          <Trans>Back office sign-in</Trans>
        </h1>
        <label>
          <Trans>Username</Trans>
          <input name="username" autoComplete="username" required />
        </label>
        <label>
          <Trans>Password</Trans>
          <input name="password" type="password" autoComplete="current-password" required />
        </label>
        <label>
          <Trans>Authenticator code</Trans>
          <input
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="\d{6}"
            placeholder={t`6 digits (empty only to enrol a new authenticator)`}
          />
        </label>
        {error && (
          <p role="alert" className="error">
            {error}
          </p>
        )}
        <button type="submit" disabled={busy}>
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
