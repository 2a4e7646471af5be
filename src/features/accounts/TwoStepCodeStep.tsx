import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";

import { CodeField } from "@/ui/CodeField";

/**
 * The login's second step, for an account with two-step sign-in on: the password was right, and the server
 * makes the session only with the authenticator's current code or an unused recovery code.
 */
export function TwoStepCodeStep(props: { busy: boolean; error: string | null; onCode: (code: string) => void; onBack: () => void }) {
  const { busy, error, onCode, onBack } = props;
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
      <CodeField value={code} onChange={setCode} error={error} recoveryCode autoFocus />
      <button type="submit" className="button button-primary" disabled={busy || code.trim() === ""}>
        {busy ? t`Logging in…` : t`Log in`}
      </button>
      <button type="button" className="button" onClick={onBack}>
        {t`Back`}
      </button>
    </form>
  );
}
