import { Trans, useLingui } from "@lingui/react/macro";
import { Outlet } from "@tanstack/react-router";
import { useEffect, useState } from "react";

import { api, call, type Operator, whenSignedOut } from "./api";
import { activateLanguage, storedLanguage } from "./i18n";
import { goTo } from "./navigation";

/** The frame every signed-in page shares: who is signed in, the sections their role may open, sign-out. */
export function ConsoleLayout() {
  const { t } = useLingui();
  const [operator, setOperator] = useState<Operator | null>(null);
  useEffect(() => {
    whenSignedOut(() => goTo("/login"));
    call<Operator>(api.me)
      .then(setOperator)
      .catch(() => goTo("/login"));
  }, []);
  if (!operator) return <p className="loading">{t`Loading…`}</p>;
  const may = (...roles: Operator["role"][]) => operator.role === "admin" || roles.includes(operator.role);
  const signOut = async () => {
    await call(api.logout).catch(() => undefined);
    goTo("/login");
  };
  return (
    <div className="console">
      <nav className="sidebar" aria-label={t`Sections`}>
        <strong className="brand">
          <Trans>Back office</Trans>
        </strong>
        <a href="#/">
          <Trans>Dashboard</Trans>
        </a>
        {may("finance") && (
          <a href="#/recharges">
            <Trans>Recharges</Trans>
          </a>
        )}
        {may("finance") && (
          <a href="#/withdrawals">
            <Trans>Withdrawals</Trans>
          </a>
        )}
        {may("support") && (
          <a href="#/verifications">
            <Trans>Real-name</Trans>
          </a>
        )}
        {may("support", "finance") && (
          <a href="#/users">
            <Trans>Users</Trans>
          </a>
        )}
        {may() && (
          <a href="#/audit">
            <Trans>Audit log</Trans>
          </a>
        )}
        <div className="who">
          <span>
            {operator.username} · {operator.role}
          </span>
          <select
            aria-label={t`Language`}
            value={storedLanguage()}
            onChange={(event) => activateLanguage(event.target.value === "zh" ? "zh" : "en")}
          >
            <option value="en">English</option>
            <option value="zh">简体中文</option>
          </select>
          <button type="button" onClick={() => void signOut()}>
            <Trans>Sign out</Trans>
          </button>
        </div>
      </nav>
      <main className="content">
        <Outlet />
      </main>
    </div>
  );
}
