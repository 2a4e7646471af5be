import { Trans, useLingui } from "@lingui/react/macro";

import type { CustomerFlags, CustomerPasswordReset } from "#contract/customers";

import { api, call } from "../api";
import { useMay } from "../operator-context";
import type { CustomerAction } from "./customer-action";

/**
 * What may be done to the account: freeze or unfreeze, unlock the login, reset the password. Each button is
 * offered only to a role the server lets do it; the reset's temporary password goes to `onReset`.
 */
export function CustomerActions(props: {
  account: string;
  flags: CustomerFlags;
  action: CustomerAction;
  onReset: (shown: CustomerPasswordReset) => void;
}) {
  const { t } = useLingui();
  const may = useMay();
  const { account, flags, action, onReset } = props;
  return (
    <div className="customer-actions" role="group" aria-label={t`Actions`}>
      {may(api.setCustomerFrozen) && (
        <button
          type="button"
          disabled={action.busy}
          onClick={() =>
            action.run(
              () => call(api.setCustomerFrozen, { account, frozen: flags.frozen ? "0" : "1" }),
              flags.frozen ? t`Account unfrozen` : t`Account frozen`,
            )
          }
        >
          {flags.frozen ? <Trans>Unfreeze</Trans> : <Trans>Freeze</Trans>}
        </button>
      )}
      {flags.locked && may(api.unlockUser) && (
        <button type="button" disabled={action.busy} onClick={() => action.run(() => call(api.unlockUser, { account }), t`Unlocked`)}>
          <Trans>Unlock login</Trans>
        </button>
      )}
      {may(api.resetCustomerPassword) && (
        <button
          type="button"
          disabled={action.busy}
          onClick={() => action.run(async () => onReset(await call(api.resetCustomerPassword, { account })), t`Password reset`)}
        >
          <Trans>Reset password</Trans>
        </button>
      )}
    </div>
  );
}

/** The temporary password of a reset, shown this once until the operator says it has been passed on. */
export function TemporaryPassword({ shown, onDone }: { shown: CustomerPasswordReset; onDone: () => void }) {
  return (
    <div className="shown-once" role="status" data-testid="temporary-password">
      <p>
        <Trans>
          Temporary password for {shown.account}: <code>{shown.password}</code>. It is shown this once: give it to the customer, who chooses
          a new one at the next login.
        </Trans>
      </p>
      <button type="button" onClick={onDone}>
        <Trans>Done</Trans>
      </button>
    </div>
  );
}
