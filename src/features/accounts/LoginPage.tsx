import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";

import { codeRefusal } from "@/ui/CodeField";
import { Field } from "@/ui/Field";
import { NavBar } from "@/ui/NavBar";
import { GlobeIcon } from "@/ui/PageIcons";
import { useSubmit } from "@/ui/use-submit";

import { logIn, openSession } from "./api";
import { safeRedirect } from "./redirect";
import { TwoStepCodeStep } from "./TwoStepCodeStep";

export function LoginPage({ redirect }: { redirect?: string }) {
  const { t } = useLingui();
  const [account, setAccount] = useState("");
  const [password, setPassword] = useState("");
  // the account has two-step sign-in on: the right password asks for the authenticator's code next
  const [askCode, setAskCode] = useState(false);
  const [codeError, setCodeError] = useState<string | null>(null);
  const { send, busy } = useSubmit();
  const navigate = useNavigate();

  async function attempt(code?: string) {
    const answer = await send(() => logIn({ account: account.trim(), password, ...(code ? { code } : {}) }), {
      onSuccess: openSession,
      onRefusal: (refused) => {
        if (refused.err === "totp_required") setAskCode(true);
        // a wrong code is said under the code field; the first "code needed" only opens the step
        setCodeError(code ? codeRefusal(refused) : null);
      },
    });
    // after a reset by customer service the first page is the new password's
    if (answer?.code === 1)
      await navigate({ to: answer.data.user.mustChangePassword ? "/pages/user/setpassword" : safeRedirect(redirect) });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void attempt();
  }

  return (
    <main className="page page-auth">
      <NavBar
        title={t`Log in`}
        backTo="/"
        action={
          <Link to="/pages/public/language" className="icon-link" aria-label={t`Language`}>
            <GlobeIcon />
          </Link>
        }
      />
      {askCode ? (
        <TwoStepCodeStep busy={busy} error={codeError} onCode={(code) => void attempt(code)} onBack={() => setAskCode(false)} />
      ) : (
        <form className="form" onSubmit={submit} noValidate>
          <p className="form-lead">
            <Trans>Welcome back. Log in to trade, follow your orders and manage your wallet.</Trans>
          </p>
          <Field
            label={t`Account`}
            name="account"
            autoComplete="username"
            value={account}
            onChange={(event) => setAccount(event.target.value)}
            required
          />
          <Field
            label={t`Password`}
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            required
          />
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? t`Logging in…` : t`Log in`}
          </button>
          <p className="form-foot">
            <Trans>No account yet?</Trans> <Link to="/pages/login/register">{t`Register`}</Link>
          </p>
          <p className="form-foot">
            <Link to="/pages/login/forgot" data-testid="forgot-password">
              {t`Forgot your password?`}
            </Link>
          </p>
          <p className="form-foot">
            <Link to="/" replace data-testid="browse-markets">
              {t`Browse the markets without logging in`}
            </Link>
          </p>
        </form>
      )}
    </main>
  );
}
