import { Trans } from "@lingui/react/macro";
import { useAtom } from "jotai";

import { applyUpdateAtom } from "../update-atom";

export function UpdatePrompt() {
  const [apply, setApply] = useAtom(applyUpdateAtom);
  if (!apply) return null;
  return (
    <div className="update-prompt" role="alertdialog" aria-labelledby="update-text" data-testid="update-prompt">
      <p id="update-text">
        <Trans>New version available — reload to use it.</Trans>
      </p>
      <button type="button" className="button button-primary" onClick={apply}>
        <Trans>Reload</Trans>
      </button>
      <button type="button" className="button" onClick={() => setApply(null)}>
        <Trans>Later</Trans>
      </button>
    </div>
  );
}
