import { Trans, useLingui } from "@lingui/react/macro";
import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, useEffect, useState } from "react";

import { OPERATOR_PASSWORD_MIN } from "#contract/operators";
import type { OperatorSelf } from "#contract/ops-answers";

import { api, call, ConsoleError } from "../api";
import { formFields } from "../form-fields";

/**
 * The steps a sign-in may owe before the console opens: a new password after an admin reset it, then an
 * authenticator when none is enrolled (or an admin reset it). The server lets the session reach nothing else
 * meanwhile, so this page is where the login page and the layout send such a session.
 */
export function SignInStepsPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [self, setSelf] = useState<OperatorSelf | null>(null);
  const [otpauth, setOtpauth] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    call(api.operatorMe)
      .then(setSelf)
      .catch(() => void navigate({ to: "/login" }));
  }, [navigate]);
  useEffect(() => {
    if (self && self.pending === null) void navigate({ to: "/" });
  }, [self, navigate]);

  const attempt = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError(failure instanceof ConsoleError ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };
  const changePassword = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = formFields(event.currentTarget);
    if (fields.password !== fields.password2) return setError(t`The two new passwords differ`);
    void attempt(async () => {
      setSelf(await call(api.changeOwnPassword, { currentPassword: fields.currentPassword, password: fields.password }));
    });
  };
  const confirm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { code } = formFields(event.currentTarget);
    void attempt(async () => setSelf(await call(api.confirmTotp, { code })));
  };

  if (!self || self.pending === null) return <p className="loading">{t`Loading…`}</p>;
  return (
    <main className="login">
      {self.pending === "password" ? (
        <form onSubmit={changePassword}>
          <h1>
            <Trans>Choose a new password</Trans>
          </h1>
          <p>
            <Trans>
              An admin reset your password. Choose your own: at least {OPERATOR_PASSWORD_MIN} characters, not your name, not a common
              password and none of your last five.
            </Trans>
          </p>
          <label>
            <Trans>Current password</Trans>
            <input name="currentPassword" type="password" autoComplete="current-password" required />
          </label>
          <label>
            <Trans>New password</Trans>
            <input name="password" type="password" autoComplete="new-password" required minLength={OPERATOR_PASSWORD_MIN} maxLength={128} />
          </label>
          <label>
            <Trans>New password again</Trans>
            <input
              name="password2"
              type="password"
              autoComplete="new-password"
              required
              minLength={OPERATOR_PASSWORD_MIN}
              maxLength={128}
            />
          </label>
          {error && (
            <p role="alert" className="error">
              {error}
            </p>
          )}
          <button type="submit" disabled={busy}>
            <Trans>Set password</Trans>
          </button>
        </form>
      ) : (
        <form onSubmit={confirm}>
          <h1>
            <Trans>Enrol an authenticator</Trans>
          </h1>
          <p>
            <Trans>
              Every operator signs in with a code from an authenticator app. Add this key to yours, then type the code it shows.
            </Trans>
          </p>
          {otpauth ? (
            <code className="secret" data-testid="new-otpauth">
              {otpauth}
            </code>
          ) : (
            <button
              type="button"
              disabled={busy}
              onClick={() => void attempt(async () => setOtpauth((await call(api.startTotpEnrolment)).otpauth))}
            >
              <Trans>Show my authenticator key</Trans>
            </button>
          )}
          <label>
            <Trans>Authenticator code</Trans>
            <input name="code" inputMode="numeric" autoComplete="one-time-code" pattern="\d{6}" required disabled={!otpauth} />
          </label>
          {error && (
            <p role="alert" className="error">
              {error}
            </p>
          )}
          <button type="submit" disabled={busy || !otpauth}>
            <Trans>Confirm authenticator</Trans>
          </button>
        </form>
      )}
    </main>
  );
}
