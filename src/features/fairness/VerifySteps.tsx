import { useLingui } from "@lingui/react/macro";

import { useFairTime } from "./fair-time";
import type { StepProblem } from "./verify/steps";
import type { OrderStep, OrderStepName } from "./verify/verify-order";

const MARKS = { pass: "✓", fail: "✗", pending: "…", unavailable: "–" } as const;

/** Each step of an order's check with its mark, what it found wrong (if anything) and the values it compared. */
export function VerifySteps({ steps }: { steps: readonly OrderStep[] }) {
  const { t } = useLingui();
  const time = useFairTime();
  const titles: Record<OrderStepName, string> = {
    entryCommitment: t`Commitment of the opening minute`,
    exitCommitment: t`Commitment of the closing minute`,
    entryTick: t`Open price recomputed`,
    exitTick: t`Close price recomputed`,
    entryChain: t`Chain links of the open price`,
    exitChain: t`Chain links of the close price`,
  };
  const problem = (step: OrderStep): string | null => {
    const at = step.revealAt === undefined ? "" : time.second(step.revealAt);
    const texts: Record<StepProblem, string> = {
      commitment_mismatch: t`The revealed seed does not match the published commitment.`,
      params_minute: t`The commitment's parameters belong to another minute.`,
      params_invalid: t`The commitment's parameters cannot be read.`,
      commitment_lost: t`The seed of this minute was lost in a restart, so its prices were not committed.`,
      commitment_late: t`The commitment was published after the order was placed or after the price.`,
      no_commitment: t`No commitment was published for this minute.`,
      not_revealed: t`The seed is published at ${at}. Check again then.`,
      product_missing: t`The product is not in the minute's parameters.`,
      tick_mismatch: t`The recorded price differs from the one computed from the seed.`,
      tick_uncommitted: t`The price was recorded without a commitment.`,
      previous_missing: t`The price before it is no longer kept, so this cannot be checked.`,
      no_tick: t`No recorded price was found.`,
      link_mismatch: t`A chain link does not match the recorded price.`,
      head_mismatch: t`The chain does not end at the published head.`,
      head_missing: t`The minute's chain head is not published.`,
      holding: t`The order is still open.`,
    };
    return step.problem ? texts[step.problem] : null;
  };
  const statusText = { pass: t`Passed`, fail: t`Failed`, pending: t`Waiting`, unavailable: t`Cannot be checked` };
  return (
    <ol className="fair-steps" data-testid="verify-steps">
      {steps.map((step) => (
        <li key={step.name} className="fair-step" data-testid={`step-${step.name}`} data-status={step.status}>
          <span
            className={`fair-mark fair-${step.status === "pass" ? "pass" : step.status === "fail" ? "fail" : "wait"}`}
            aria-hidden="true"
          >
            {MARKS[step.status]}
          </span>
          <div className="fair-step-body">
            <strong>{titles[step.name]}</strong>
            <span>{statusText[step.status]}</span>
            {problem(step) && <span data-testid="step-problem">{problem(step)}</span>}
            {step.time !== undefined && step.problem !== "commitment_late" && <span>{t`At ${time.second(step.time)}`}</span>}
            {step.expected !== undefined && (
              <span>
                {t`Expected`}: <code data-testid="step-expected">{step.expected}</code>
              </span>
            )}
            {step.found !== undefined && (
              <span>
                {t`Found`}: <code data-testid="step-found">{step.found}</code>
              </span>
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}
