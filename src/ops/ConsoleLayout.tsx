import { Trans, useLingui } from "@lingui/react/macro";
import { Outlet, useRouterState } from "@tanstack/react-router";
import { useEffect, useState } from "react";

import { api, call, type Operator, whenSignedOut } from "./api";
import { activateLanguage, storedLanguage } from "./i18n";
import { LiveBadge } from "./LiveBadge";
import { goTo } from "./navigation";
import { OperatorContext } from "./operator-context";

/** The frame every signed-in page shares: who is signed in, the sections their role may open, sign-out. */
export function ConsoleLayout() {
  const { t } = useLingui();
  const [operator, setOperator] = useState<Operator | null>(null);
  const current = useRouterState({ select: (state) => state.location.pathname });
  useEffect(() => {
    whenSignedOut(() => goTo("/login"));
    call<Operator>(api.me)
      .then(setOperator)
      .catch(() => goTo("/login"));
  }, []);
  if (!operator) return <p className="loading">{t`Loading…`}</p>;
  const may = (...roles: Operator["role"][]) => operator.role === "admin" || roles.includes(operator.role);
  // each section for the roles whose endpoints it calls (contract/ops.ts); admin sees all
  const sections: Array<{ path: string; label: string; roles: Operator["role"][] }> = [
    { path: "/", label: t`Dashboard`, roles: ["finance", "support", "content"] },
    { path: "/recharges", label: t`Recharges`, roles: ["finance"] },
    { path: "/withdrawals", label: t`Withdrawals`, roles: ["finance"] },
    { path: "/verifications", label: t`Real-name`, roles: ["support"] },
    { path: "/users", label: t`Users`, roles: ["support", "finance"] },
    { path: "/sms", label: t`SMS outbox`, roles: ["support"] },
    { path: "/products", label: t`Products`, roles: ["finance"] },
    { path: "/plans", label: t`Yuebao plans`, roles: ["finance"] },
    { path: "/channels", label: t`Deposit channels`, roles: ["finance"] },
    { path: "/money-rules", label: t`Money rules`, roles: ["finance"] },
    { path: "/reconcile", label: t`Reconcile`, roles: ["finance"] },
    { path: "/content", label: t`Content`, roles: ["content"] },
    { path: "/office", label: t`Office`, roles: ["content"] },
    { path: "/audit", label: t`Audit log`, roles: [] },
  ];
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
        {sections.map(
          (section) =>
            may(...section.roles) && (
              <a key={section.path} href={`#${section.path}`} aria-current={current === section.path ? "page" : undefined}>
                {section.label}
              </a>
            ),
        )}
        <div className="who">
          <LiveBadge />
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
        <OperatorContext.Provider value={operator}>
          <Outlet />
        </OperatorContext.Provider>
      </main>
    </div>
  );
}
