import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";

import { NavBar } from "@/ui/NavBar";
import { ChevronIcon } from "@/ui/PageIcons";
import type { UserInfo } from "#contract/accounts";

export function SecurityPage({ user }: { user: UserInfo }) {
  const { t } = useLingui();
  return (
    <main className="page">
      <NavBar title={t`Security`} />
      <ul className="menu">
        <li>
          <Link to="/pages/user/setpassword" className="menu-item">
            <span className="menu-label">
              <Trans>Login password</Trans>
            </span>
            <span className="menu-note">{t`Change`}</span>
            <ChevronIcon />
          </Link>
        </li>
        <li>
          <Link to="/pages/user/setfundpassword" className="menu-item">
            <span className="menu-label">
              <Trans>Fund password</Trans>
            </span>
            <span className="menu-note">{user.hasPayPassword ? t`Change` : t`Set up`}</span>
            <ChevronIcon />
          </Link>
        </li>
        <li>
          <Link to="/pages/user/twostep" className="menu-item">
            <span className="menu-label">
              <Trans>Two-step sign-in</Trans>
            </span>
            <span className="menu-note">{user.twoStep ? t`On` : t`Off`}</span>
            <ChevronIcon />
          </Link>
        </li>
        <li>
          <Link to="/pages/user/sessions" className="menu-item">
            <span className="menu-label">
              <Trans>Sessions</Trans>
            </span>
            <span className="menu-note">{t`Devices signed in`}</span>
            <ChevronIcon />
          </Link>
        </li>
        <li>
          <Link to="/pages/user/limits" className="menu-item">
            <span className="menu-label">
              <Trans>Limits</Trans>
            </span>
            <span className="menu-note">{t`Responsible trading`}</span>
            <ChevronIcon />
          </Link>
        </li>
      </ul>
    </main>
  );
}
