import { Trans, useLingui } from "@lingui/react/macro";
import { useRouter } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";

import { loadCurrentUser } from "@/api/current-user";
import { CodeField, codeRefusal } from "@/ui/CodeField";
import { CopyRow } from "@/ui/CopyRow";
import { Field } from "@/ui/Field";
import { NavBar } from "@/ui/NavBar";
import { useSubmit } from "@/ui/use-submit";
import type { UserInfo } from "#contract/accounts";
import type { TotpSetup } from "#contract/two-factor";

import { OtpauthQr } from "./OtpauthQr";
import { startTwoStep, turnOffTwoStep, turnOnTwoStep } from "./two-step-api";

/**
 * Two-step sign-in: off, it sets up an authenticator app (a QR code of the otpauth link to scan, the link to
 * open on this phone, or the secret to type) and turns on with the app's code, then shows the ten recovery
 * codes once; on, it turns off with the login password and a code.
 */
export function TwoStepPage({ user }: { user: UserInfo }) {
  const { t } = useLingui();
  const router = useRouter();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string | null>(null);
  const [password, setPassword] = useState("");
  const { send, busy } = useSubmit();

  async function refresh() {
    await loadCurrentUser({ fresh: true });
    await router.invalidate();
  }

  async function begin() {
    await send(startTwoStep, { toast: false, onSuccess: setSetup });
  }

  async function turnOn(event: FormEvent) {
    event.preventDefault();
    await send(() => turnOnTwoStep(code.trim()), {
      onSuccess: (answer) => {
        setRecoveryCodes(answer.recoveryCodes);
        setCode("");
        setCodeError(null);
      },
      onRefusal: (refused) => setCodeError(codeRefusal(refused)),
    });
  }

  async function turnOff(event: FormEvent) {
    event.preventDefault();
    const answer = await send(() => turnOffTwoStep(password, code.trim()), {
      onRefusal: (refused) => setCodeError(codeRefusal(refused)),
    });
    if (answer?.code === 1) {
      setPassword("");
      setCode("");
      await refresh();
    }
  }

  async function saved() {
    setRecoveryCodes(null);
    setSetup(null);
    await refresh();
  }

  if (recoveryCodes) {
    return (
      <main className="page">
        <NavBar title={t`Two-step sign-in`} />
        <section className="form" data-testid="recovery-codes">
          <p className="form-lead">
            <Trans>
              Two-step sign-in is on. Keep these recovery codes somewhere safe: each signs you in once if you lose your phone. They are not
              shown again.
            </Trans>
          </p>
          <ol className="recovery-codes">
            {recoveryCodes.map((one) => (
              <li key={one}>
                <code>{one}</code>
              </li>
            ))}
          </ol>
          <CopyRow value={recoveryCodes.join("\n")} label={t`Copy the recovery codes`} long />
          <button type="button" className="button button-primary" onClick={() => void saved()}>
            {t`I have saved the codes`}
          </button>
        </section>
      </main>
    );
  }

  if (user.twoStep) {
    return (
      <main className="page">
        <NavBar title={t`Two-step sign-in`} />
        <form className="form" onSubmit={turnOff} noValidate data-testid="two-step-off">
          <p className="form-lead">
            <Trans>
              Two-step sign-in is on: signing in and each withdrawal ask for the code from your authenticator app. To turn it off, enter
              your login password and a code (or a recovery code).
            </Trans>
          </p>
          <Field
            label={t`Login password`}
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            required
          />
          <CodeField value={code} onChange={setCode} error={codeError} recoveryCode />
          <button type="submit" className="button" disabled={busy}>
            {t`Turn off`}
          </button>
        </form>
      </main>
    );
  }

  return (
    <main className="page">
      <NavBar title={t`Two-step sign-in`} />
      {setup ? (
        <form className="form" onSubmit={turnOn} noValidate data-testid="two-step-setup">
          <p className="form-lead">
            <Trans>
              Add this account to an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…): scan the QR code with
              it, open the link on this phone, or type the key below into the app. Then enter the 6-digit code the app shows.
            </Trans>
          </p>
          <OtpauthQr uri={setup.otpauthUri} label={t`QR code to scan with the authenticator app`} />
          <a className="button" href={setup.otpauthUri} data-testid="otpauth-link">
            {t`Open in the authenticator app`}
          </a>
          <p className="field-label">{t`Key`}</p>
          <CopyRow value={setup.secret} label={t`Copy the key`} testId="totp-secret" long />
          <CodeField value={code} onChange={setCode} error={codeError} />
          <button type="submit" className="button button-primary" disabled={busy || code.trim() === ""}>
            {t`Turn on`}
          </button>
        </form>
      ) : (
        <section className="form">
          <p className="form-lead">
            <Trans>
              With two-step sign-in, your password alone is not enough: signing in and each withdrawal also ask for a code from an
              authenticator app on your phone.
            </Trans>
          </p>
          <button type="button" className="button button-primary" disabled={busy} onClick={() => void begin()}>
            {t`Set up`}
          </button>
        </section>
      )}
    </main>
  );
}
