import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/** The status choices of the money queues, waiting for review first (the server's default). */
export const MONEY_QUEUE_CHOICES: ReadonlyArray<{ value: string; label: MessageDescriptor }> = [
  { value: "review", label: msg`Waiting for review` },
  { value: "success", label: msg`Approved` },
  { value: "failed", label: msg`Rejected` },
  { value: "all", label: msg`All` },
];

/** The withdrawal queue's: the money queues' and the approved ones whose payment is still to be marked. */
export const WITHDRAWAL_QUEUE_CHOICES: ReadonlyArray<{ value: string; label: MessageDescriptor }> = [
  ...MONEY_QUEUE_CHOICES.slice(0, -1),
  { value: "awaiting_payout", label: msg`Approved, awaiting payout` },
  ...MONEY_QUEUE_CHOICES.slice(-1),
];

/** The real-name queue's statuses. */
export const VERIFICATION_CHOICES: ReadonlyArray<{ value: string; label: MessageDescriptor }> = [
  { value: "review", label: msg`Waiting for review` },
  { value: "passed", label: msg`Passed` },
  { value: "refused", label: msg`Refused` },
  { value: "all", label: msg`All` },
];

/** The manual adjustments' statuses, waiting for a second person first (the server's default). */
export const ADJUSTMENT_CHOICES: ReadonlyArray<{ value: string; label: MessageDescriptor }> = [
  { value: "pending", label: msg`Waiting for a second person` },
  { value: "applied", label: msg`Applied` },
  { value: "rejected", label: msg`Rejected` },
  { value: "all", label: msg`All` },
];
