import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";

import { api, call } from "../api";
import { FormRow } from "../FormRow";
import { FormStatus } from "../FormStatus";
import { useSubmit } from "../use-submit";

/**
 * The first admin of a new platform: no operator is seeded, so the server leaves a one-time setup code in its
 * data folder (`ops-setup-code`, readable by its owner only). The code works while no operator exists; the
 * answer carries the authenticator URI this once.
 */
export function SetupPage() {
  const { t } = useLingui();
  const create = useSubmit();
  const [created, setCreated] = useState<{ username: string; otpauth: string } | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const fields = {
      setupCode: String(form.get("setupCode")).trim(),
      username: String(form.get("username")),
      password: String(form.get("password")),
    };
    void create.submit(async () => setCreated(await call(api.operatorSetup, fields)));
  };
  if (created)
    return (
      <main className="login">
        <section role="status">
          <h1>
            <Trans>Admin {created.username} created</Trans>
          </h1>
          <p>
            <Trans>Add this key to an authenticator app now (paste it, or make a QR code of it); it is not shown again.</Trans>
          </p>
          <code className="secret">{created.otpauth}</code>
          <p>
            <Link to="/login">
              <Trans>Sign in</Trans>
            </Link>
          </p>
        </section>
      </main>
    );
  return (
    <main className="login">
      <form onSubmit={submit}>
        <h1>
          <Trans>Create the first admin</Trans>
        </h1>
        <p>
          <Trans>The server wrote a one-time setup code to the file ops-setup-code in its data folder.</Trans>
        </p>
        <FormRow label={t`Setup code`} name="setupCode" autoComplete="off" required />
        <FormRow label={t`Username`} name="username" autoComplete="username" required pattern="[A-Za-z][A-Za-z0-9_.\-]{2,31}" />
        <FormRow
          label={t`Password (at least 12 characters, not your name)`}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={12}
          maxLength={128}
        />
        <FormStatus error={create.error} notice={null} />
        <button type="submit" disabled={create.busy}>
          <Trans>Create admin</Trans>
        </button>
      </form>
    </main>
  );
}
