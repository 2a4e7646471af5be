import { useLingui } from "@lingui/react/macro";

/** The top progress bar shown while a page's loader runs past 200 ms (the router's pending delay). */
export function ProgressBar() {
  const { t } = useLingui();
  return <div className="progress-bar" role="progressbar" aria-label={t`Loading`} />;
}
