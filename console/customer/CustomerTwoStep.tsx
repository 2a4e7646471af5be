import { Trans, useLingui } from "@lingui/react/macro";
import type { FormEvent } from "react";

import { TWO_STEP_RESET_REASON_MAX, type TwoStepResetForOps } from "#contract/two-step-resets";

import { api, call } from "../api";
import { when } from "../i18n";
import { useMay } from "../operator-context";
import { useLoad } from "../use-load";
import { useTwoPerson } from "../use-two-person";
import type { CustomerAction } from "./customer-action";

/**
 * The customer's two-step sign-in for support: whether it is on and, for a customer who lost the phone and
 * every recovery code, the proposal to switch it off. One person proposes with a reason; a different person
 * applies it (which ends every session of the customer) or either cancels it. Shown only to the roles the
 * server lets do it.
 */
export function CustomerTwoStep({ account, action }: { account: string; action: CustomerAction }) {
  const { t } = useLingui();
  const may = useMay();
  const allowed = may(api.customerTwoStep);
  const { data, reload } = useLoad(() => (allowed ? call(api.customerTwoStep, { account }) : Promise.resolve(null)), [account, allowed]);
  if (!data) return null;

  const run = (work: () => Promise<unknown>, done: string) =>
    action.run(async () => {
      await work();
      reload();
    }, done);

  const propose = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const reason = String(new FormData(form).get("reason") ?? "");
    run(() => call(api.proposeTwoStepReset, { account, reason }), t`Proposed: a second person applies it`);
  };

  return (
    <section className="panel" data-testid="customer-two-step">
      <h2>
        <Trans>Two-step sign-in</Trans>
      </h2>
      {data.pending ? (
        <PendingReset proposal={data.pending} busy={action.busy} run={run} />
      ) : data.on ? (
        <form className="note-form" onSubmit={propose}>
          <p>
            <Trans>
              On. If the customer lost the phone and every recovery code, propose turning it off after checking who they are. A second
              person applies it, which also ends every session of the customer.
            </Trans>
          </p>
          <label>
            <Trans>Reason</Trans>
            <textarea name="reason" required maxLength={TWO_STEP_RESET_REASON_MAX} rows={2} />
            <small className="hint">{t`What the customer reported and how you checked who they are.`}</small>
          </label>
          <button type="submit" disabled={action.busy}>
            <Trans>Propose turning it off</Trans>
          </button>
        </form>
      ) : (
        <p className="empty">
          <Trans>Off: the customer signs in with the password alone.</Trans>
        </p>
      )}
    </section>
  );
}

function PendingReset(props: { proposal: TwoStepResetForOps; busy: boolean; run: (work: () => Promise<unknown>, done: string) => void }) {
  const { t } = useLingui();
  const { mayReview, proposedByMe } = useTwoPerson(api.applyTwoStepReset);
  const { proposal, busy, run } = props;
  const id = String(proposal.id);
  return (
    <div data-testid="two-step-reset-pending">
      <p>
        <Trans>
          Turning it off was proposed by {proposal.proposedByName} at {when(proposal.proposedAt)}: “{proposal.reason}”
        </Trans>
      </p>
      <div className="review-actions">
        {proposedByMe(proposal) ? (
          <span className="hint">{t`Your proposal: another person applies it`}</span>
        ) : (
          mayReview && (
            <button
              type="button"
              className="approve"
              disabled={busy}
              onClick={() => run(() => call(api.applyTwoStepReset, { id }), t`Two-step sign-in turned off; every session ended`)}
            >
              <Trans>Apply: turn it off</Trans>
            </button>
          )
        )}
        <button type="button" disabled={busy} onClick={() => run(() => call(api.cancelTwoStepReset, { id }), t`Proposal cancelled`)}>
          <Trans>Cancel the proposal</Trans>
        </button>
      </div>
    </div>
  );
}
