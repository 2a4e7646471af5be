import { Trans, useLingui } from "@lingui/react/macro";

import { type CustomerLabel, RISK_LABELS } from "#contract/customers";

import { api, call } from "../api";
import { useMay } from "../operator-context";
import type { CustomerAction } from "./customer-action";
import { riskLabelNames } from "./risk-label-names";

/** The risk labels as boxes to tick, each put on or taken off at once; only for a role that may set them. */
export function CustomerLabels(props: { account: string; labels: CustomerLabel[]; action: CustomerAction }) {
  const { t, i18n } = useLingui();
  const may = useMay();
  const { account, action } = props;
  if (!may(api.setCustomerLabel)) return null;
  const labelled = new Set(props.labels.map((label) => label.label));
  return (
    <fieldset className="labels">
      <legend>
        <Trans>Risk labels</Trans>
      </legend>
      {RISK_LABELS.map((label) => (
        <label key={label}>
          <input
            type="checkbox"
            checked={labelled.has(label)}
            disabled={action.busy}
            onChange={(event) =>
              action.run(() => call(api.setCustomerLabel, { account, label, on: event.target.checked ? "1" : "0" }), t`Labels saved`)
            }
          />
          {i18n._(riskLabelNames[label])}
        </label>
      ))}
    </fieldset>
  );
}
