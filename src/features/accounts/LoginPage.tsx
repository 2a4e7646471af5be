import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";

import { Field } from "@/ui/Field";
import { GlobeIcon } from "@/ui/Icons";
import { NavBar } from "@/ui/NavBar";

import { logIn } from "./api";
import { safeRedirect } from "./redirect";

export function LoginPage({ redirect }: { redirect?: string }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [account, setAccount] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const ok = await logIn({ account: account.trim(), password });
    setBusy(false);
    if (ok) await navigate({ to: safeRedirect(redirect) });
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
          <Trans>Forgot your password? Contact customer service to reset it.</Trans>
        </p>
        <p className="form-foot">
          <Link to="/" replace data-testid="browse-markets">
            {t`Browse the markets without logging in`}
          </Link>
        </p>
      </form>
    </main>
  );
}
