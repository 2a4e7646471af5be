import { useLingui } from "@lingui/react/macro";
import { useRouter } from "@tanstack/react-router";
import type { ReactNode } from "react";

import { goBack } from "./back";
import { BackIcon } from "./PageIcons";

/**
 * The default title bar of record and form pages: back, title, optional action. Back is one page back within
 * the app, else the page's tab; `backTo` sends it to one place always (the login page's way home).
 */
export function NavBar({ title, back = true, backTo, action }: { title: string; back?: boolean; backTo?: string; action?: ReactNode }) {
  const router = useRouter();
  const { t } = useLingui();
  const onBack = () => (backTo ? void router.navigate({ to: backTo, replace: true }) : goBack(router));
  return (
    <header className="navbar">
      {back ? (
        <button type="button" className="navbar-back" onClick={onBack} aria-label={t`Back`}>
          <BackIcon />
        </button>
      ) : (
        <span className="navbar-back" />
      )}
      <h1 className="navbar-title">{title}</h1>
      <span className="navbar-action">{action}</span>
    </header>
  );
}
