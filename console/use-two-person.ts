import { useContext } from "react";

import type { OpsPath } from "#contract/ops-paths";

import { OperatorContext, useMay } from "./operator-context";

/**
 * What the review queues offer each operator, as the server decides it: no decision at all to a role that may
 * not review, and no second approval to the person who gave the first (whichever way they signed in).
 */
export function useTwoPerson(review: OpsPath) {
  const operator = useContext(OperatorContext);
  const may = useMay();
  return {
    mayReview: may(review),
    gaveFirstApproval: (row: { firstApprovedBy: string | null }) =>
      operator?.id != null && row.firstApprovedBy === `operator:${operator.id}`,
  };
}
