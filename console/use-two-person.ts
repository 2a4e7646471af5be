import { useContext } from "react";

import type { OpsPath } from "#contract/ops-paths";

import { OperatorContext, useMay } from "./operator-context";

/**
 * What the review queues and proposals offer each operator, as the server decides it: no decision at all to a
 * role that may not review, no second approval to the person who gave the first (whichever way they signed
 * in), and no application of a proposal to the person who proposed it.
 */
export function useTwoPerson(review: OpsPath) {
  const operator = useContext(OperatorContext);
  const may = useMay();
  return {
    mayReview: may(review),
    gaveFirstApproval: (row: { firstApprovedBy: string | null }) =>
      operator?.id != null && row.firstApprovedBy === `operator:${operator.id}`,
    /** a proposal this person made: another person applies it */
    proposedByMe: (row: { proposedBy: number }) => operator?.id != null && row.proposedBy === operator.id,
  };
}
