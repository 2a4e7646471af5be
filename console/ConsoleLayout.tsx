import { useLingui as useI18n } from "@lingui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link, Outlet, useNavigate } from "@tanstack/react-router";
import { type ReactNode, useContext, useEffect, useState } from "react";

import { roleAllows } from "#contract/operators";
import type { OperatorSelf } from "#contract/ops-answers";

import { AlertBadge } from "./AlertsPanel";
import { api, call, whenSignedOut } from "./api";
import { activateLanguage, storedLanguage } from "./i18n";
import { LiveBadge } from "./LiveBadge";
import { OperatorContext } from "./operator-context";
import { NotFoundPage } from "./pages/NotFoundPage";
import { sectionsFor } from "./sections";

/**
 * The frame every signed-in page shares: who is signed in, the sections their role may open, sign-out. As the
 * signed-in route's component it shows the matched page; the not-found page passes itself as `children`.
 */
export function ConsoleLayout({ children }: { children?: ReactNode }) {
  // the router shows its not-found page under the deepest route that matched: inside this frame already for
  // #/users/1/extra (a signed-in route matched first), where a second frame would nest in the first
  const framed = useContext(OperatorContext) !== null;
  return framed ? <>{children ?? <Outlet />}</> : <Frame>{children}</Frame>;
}

/** The router's page for an address that matches none (ConsoleRouter.tsx): in the frame, so the navigation stays. */
export function NotFoundInFrame() {
  return (
    <ConsoleLayout>
      <NotFoundPage />
    </ConsoleLayout>
  );
}

function Frame({ children }: { children?: ReactNode }) {
  const { t } = useLingui();
  const { i18n } = useI18n();
  const navigate = useNavigate();
  const [operator, setOperator] = useState<OperatorSelf | null>(null);
  useEffect(() => {
    const toLogin = () => void navigate({ to: "/login" });
    whenSignedOut(toLogin);
    call(api.operatorMe)
      // a session that owes a step (new password, authenticator) reaches nothing else: it takes the step first
      .then((self) => (self.pending ? void navigate({ to: "/sign-in-steps" }) : setOperator(self)))
      .catch(toLogin);
  }, [navigate]);
  if (!operator) return <p className="loading">{t`Loading…`}</p>;
  const signOut = async () => {
    await call(api.operatorLogout).catch(() => undefined);
    await navigate({ to: "/login" });
  };
  return (
    // the navigation's alert badge listens to the stream as the operator, like the pages
    <OperatorContext.Provider value={operator}>
      <div className="console">
        {/* the rail is the grid's full-height column and carries the dark colour, so a page longer than the window
            never shows the page's background under the navigation, which stays in view (sticky) inside it */}
        <div className="rail">
          <nav className="sidebar" aria-label={t`Sections`}>
            <strong className="brand">
              <Trans>Back office</Trans>
            </strong>
            {sectionsFor(operator.role).map((section) => (
              <Link key={section.to} to={section.to} activeOptions={{ exact: true }} activeProps={{ "aria-current": "page" }}>
                {i18n._(section.label)}
                {section.to === "/" && roleAllows(operator.role, api.listAlerts) && <AlertBadge />}
              </Link>
            ))}
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
        </div>
        <main className="content">{children ?? <Outlet />}</main>
      </div>
    </OperatorContext.Provider>
  );
}
