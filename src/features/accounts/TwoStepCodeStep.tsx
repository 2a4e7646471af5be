import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";

import { Field } from "@/ui/Field";

/**
 * The login's second step, for an account with two-step sign-in on: the password was right, and the server
 * makes the session only with the authenticator's current code or an unused recovery code.
 */
export function TwoStepCodeStep({ busy, onCode, onBack }: { busy: boolean; onCode: (code: string) => void; onBack: () => void }) {
  const { t } = useLingui();
  const [code, setCode] = useState("");

  function submit(event: FormEvent) {
    event.preventDefault();
    onCode(code.trim());
  }

  return (
    <form className="form" onSubmit={submit} noValidate data-testid="two-step-login">
      <p className="form-lead">
        <Trans>
          Two-step sign-in is on for this account. Enter the 6-digit code your authenticator app shows now, or one of your recovery codes.
        </Trans>
      </p>
      <Field
        label={t`Authentication code`}
        name="code"
        autoComplete="one-time-code"
        autoFocus
        value={code}
        onChange={(event) => setCode(event.target.value)}
        required
      />
      <button type="submit" className="button button-primary" disabled={busy || code.trim() === ""}>
        {busy ? t`Logging in…` : t`Log in`}
      </button>
      <button type="button" className="button" onClick={onBack}>
        {t`Back`}
      </button>
    </form>
  );
}
