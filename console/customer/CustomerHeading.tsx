import { useLingui } from "@lingui/react/macro";

import type { CustomerDetail } from "#contract/ops-answers";

import { when } from "../i18n";
import { riskLabelNames } from "./risk-label-names";

/** Who the customer is and the account's state at a glance: frozen, locked, a pending password, verified, labels. */
export function CustomerHeading({ detail }: { detail: CustomerDetail }) {
  const { t, i18n } = useLingui();
  const { user, flags } = detail;
  return (
    <div className="customer-title">
      <h1>
        {user.account} (#{user.id})
      </h1>
      <p className="flags" data-testid="customer-flags">
        {flags.frozen && flags.frozenAt !== null && <span className="flag flag-frozen">{t`Frozen since ${when(flags.frozenAt)}`}</span>}
        {flags.locked && <span className="flag flag-locked">{t`Login locked`}</span>}
        {flags.mustChangePassword && <span className="flag">{t`Must choose a new password`}</span>}
        <span className={user.verified ? "flag flag-ok" : "flag"}>{user.verified ? t`Verified` : t`Not verified`}</span>
        {detail.labels.map((label) => (
          <span key={label.label} className="flag flag-label">
            {i18n._(riskLabelNames[label.label])}
          </span>
        ))}
      </p>
    </div>
  );
}
