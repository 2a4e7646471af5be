import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";

import { api, call } from "./api";
import { FormStatus } from "./FormStatus";
import { useSubmit } from "./use-submit";

/**
 * An approved withdrawal's payment, as the bank reported it: paid with its reference, or failed with the
 * reason the customer is told (the whole amount returns to their cash). Each is sent once; the row reloads.
 */
export function PayoutActions(props: { id: number; onDone: (message: string) => void }) {
  const { t } = useLingui();
  const [reference, setReference] = useState("");
  const [reason, setReason] = useState("");
  const { busy, error, submit } = useSubmit();
  const mark = async (paid: boolean) => {
    const done = await submit(() =>
      paid
        ? call(api.markWithdrawalPaid, { id: String(props.id), reference: reference.trim() })
        : call(api.markWithdrawalFailed, { id: String(props.id), reason: reason.trim() }),
    );
    if (done) props.onDone(paid ? t`Marked paid` : t`Marked failed: the money is back in the customer's cash`);
  };
  return (
    <div className="payout-actions">
      <label>
        <Trans>Bank reference</Trans> <input value={reference} onChange={(e) => setReference(e.target.value)} maxLength={64} />
      </label>
      <button type="button" className="approve" disabled={busy || !reference.trim()} onClick={() => void mark(true)}>
        <Trans>Mark paid</Trans>
      </button>
      <label>
        <Trans>Failure reason</Trans> <input value={reason} onChange={(e) => setReason(e.target.value)} maxLength={200} />
      </label>
      <button type="button" className="reject" disabled={busy || !reason.trim()} onClick={() => void mark(false)}>
        <Trans>Mark failed</Trans>
      </button>
      <FormStatus error={error} notice={null} />
    </div>
  );
}
