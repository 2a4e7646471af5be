import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";

import { ConsoleError } from "./api";

/**
 * Approve, or reject with a reason (required: the customer is told it). Each decision is sent once; the row
 * reloads with the server's answer.
 */
export function ReviewActions(props: {
  approveLabel?: string;
  /** false hides the approve button: the server would refuse it (this operator gave the first approval) */
  mayApprove?: boolean;
  /** why approving is not offered, shown instead of the button */
  approveNote?: string;
  rejectLabel?: string;
  onDecide: (decision: "approve" | "reject", reason: string) => Promise<unknown>;
  onDone: (message: string) => void;
}) {
  const { t } = useLingui();
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const decide = async (decision: "approve" | "reject") => {
    setBusy(true);
    setError(null);
    try {
      await props.onDecide(decision, reason.trim());
      props.onDone(decision === "approve" ? t`Approved` : t`Rejected`);
    } catch (failure) {
      setError(failure instanceof ConsoleError ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="review-actions">
      {props.mayApprove === false ? (
        <span className="hint">{props.approveNote}</span>
      ) : (
        <button type="button" className="approve" disabled={busy} onClick={() => void decide("approve")}>
          {props.approveLabel ?? t`Approve`}
        </button>
      )}
      <input
        aria-label={t`Reason`}
        placeholder={t`Reason (required to reject)`}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        maxLength={200}
      />
      <button type="button" className="reject" disabled={busy || !reason.trim()} onClick={() => void decide("reject")}>
        {props.rejectLabel ?? t`Reject`}
      </button>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      {busy && (
        <span className="busy">
          <Trans>Sending…</Trans>
        </span>
      )}
    </div>
  );
}
