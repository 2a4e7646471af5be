import { useLingui } from "@lingui/react/macro";

import type { ReviewStatus } from "#contract/review";

/** A review status in words, with a mark so colour is not the only signal. */
export function StatusChip({ status }: { status: ReviewStatus }) {
  const { t } = useLingui();
  const label = { review: t`Under review`, success: t`Success`, failed: t`Failed` }[status];
  const mark = { review: "…", success: "✓", failed: "✕" }[status];
  return (
    <span className={`chip-status chip-${status}`} data-status={status}>
      <span aria-hidden="true">{mark} </span>
      {label}
    </span>
  );
}
