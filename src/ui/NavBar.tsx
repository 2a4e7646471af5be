import { useLingui } from "@lingui/react/macro";
import { useRouter } from "@tanstack/react-router";
import type { ReactNode } from "react";

import { BackIcon } from "./Icons";

/** The default title bar of record and form pages: back, title, optional action. */
export function NavBar({ title, back = true, action }: { title: string; back?: boolean; action?: ReactNode }) {
  const router = useRouter();
  const { t } = useLingui();
  const goBack = () => {
    // one page back, otherwise home (a deep link has no history to go back to)
    if (window.history.length > 1) router.history.back();
    else void router.navigate({ to: "/" });
  };
  return (
    <header className="navbar">
      {back ? (
        <button type="button" className="navbar-back" onClick={goBack} aria-label={t`Back`}>
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
