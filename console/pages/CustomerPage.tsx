import { Trans } from "@lingui/react/macro";
import { useState } from "react";

import type { CustomerPasswordReset } from "#contract/customers";
import type { CustomerDetail } from "#contract/ops-answers";

import { api, call } from "../api";
import type { CustomerAction } from "../customer/customer-action";
import { CustomerActions, TemporaryPassword } from "../customer/CustomerActions";
import { CustomerDetails } from "../customer/CustomerDetails";
import { CustomerHeading } from "../customer/CustomerHeading";
import { CustomerHistory } from "../customer/CustomerHistory";
import { CustomerLabels } from "../customer/CustomerLabels";
import { CustomerNotes } from "../customer/CustomerNotes";
import { CustomerTwoStep } from "../customer/CustomerTwoStep";
import { consoleHref } from "../customer-href";
import { CustomerLimits } from "../CustomerLimits";
import { FormStatus } from "../FormStatus";
import { FraudSignals } from "../FraudSignals";
import { useLoad } from "../use-load";
import { useSubmit } from "../use-submit";

/**
 * One customer for the money desk (#/users/<id>): the account's state and what may be done to it (freeze,
 * unlock, a password reset, risk labels: each offered only to a role the server lets do it), where it was
 * registered and logged in from, the real name (the ID number in full for the roles that check it), balances,
 * trading result, the latest recharges and withdrawals, notes, the warnings about it, and support's two-person
 * switching off of two-step sign-in for a lost phone.
 */
export function CustomerPage({ id }: { id: number }) {
  const { data, error, reload } = useLoad(() => call(api.userDetail, { id: String(id) }), [id]);
  if (error) return <p className="error">{error}</p>;
  if (!data) return null;
  return <CustomerView detail={data} reload={reload} />;
}

function CustomerView({ detail, reload }: { detail: CustomerDetail; reload: () => void }) {
  const submission = useSubmit();
  const [shown, setShown] = useState<CustomerPasswordReset | null>(null);
  // one write at a time for the whole page, its outcome shown once in the header
  const action: CustomerAction = {
    busy: submission.busy,
    run: (work, done) => void submission.submit(work, done).then((ok) => ok && reload()),
  };
  const account = detail.user.account;

  return (
    <article className="customer" data-testid="customer-page">
      <p className="back-link">
        <a href={consoleHref("/users")}>
          <Trans>Back to users</Trans>
        </a>
      </p>
      {/* who the customer is, the account's state and what may be done to it, in one panel at the top */}
      <header className="panel customer-head">
        <CustomerHeading detail={detail} />
        <CustomerActions account={account} flags={detail.flags} action={action} onReset={setShown} />
        <CustomerLabels account={account} labels={detail.labels} action={action} />
        <div className="customer-status">
          <FormStatus error={submission.error} notice={submission.notice} />
          {shown && <TemporaryPassword shown={shown} onDone={() => setShown(null)} />}
        </div>
      </header>

      <FraudSignals signals={detail.signals} />
      <CustomerLimits userId={detail.user.id} />
      <CustomerTwoStep account={account} action={action} />

      <div className="customer-columns">
        <CustomerDetails detail={detail} />
        <CustomerNotes account={account} notes={detail.notes} action={action} />
      </div>

      <CustomerHistory detail={detail} />
    </article>
  );
}
