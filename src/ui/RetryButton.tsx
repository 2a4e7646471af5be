import { useLingui } from "@lingui/react/macro";
import { useRouter } from "@tanstack/react-router";
import { useState } from "react";

/** The action of a "could not be loaded" state: run the page's loaders again. */
export function RetryButton() {
  const { t } = useLingui();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const retry = async () => {
    setBusy(true);
    try {
      await router.invalidate();
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="button button-primary" onClick={retry} disabled={busy}>
      {busy ? t`Loading…` : t`Try again`}
    </button>
  );
}
