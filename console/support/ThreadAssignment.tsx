import { Trans } from "@lingui/react/macro";
import { useContext } from "react";

import { supportDeskPaths, type SupportThreadRow } from "#contract/support-chat";

import { call } from "../api";
import { FormStatus } from "../FormStatus";
import { OperatorContext } from "../operator-context";
import { useSubmit } from "../use-submit";

/** Who has the thread, and taking it or giving it back to the unassigned inbox. */
export function ThreadAssignment({ thread, onChanged }: { thread: SupportThreadRow; onChanged: () => void }) {
  const operator = useContext(OperatorContext);
  const submission = useSubmit();
  const assign = (operatorId: number | null) =>
    void submission
      .submit(() =>
        call(supportDeskPaths.supportAssign, {
          userId: String(thread.userId),
          operatorId: operatorId === null ? undefined : String(operatorId),
        }),
      )
      .then((ok) => ok && onChanged());
  const mine = operator?.id !== null && operator?.id === thread.assigneeId;
  return (
    <div className="support-assignment" data-testid="support-assignment">
      <p>{thread.assigneeName ? <Trans>Assigned to {thread.assigneeName}</Trans> : <Trans>Nobody has this thread.</Trans>}</p>
      {operator?.id != null && !mine && (
        <button type="button" disabled={submission.busy} onClick={() => assign(operator.id)} data-testid="support-take">
          <Trans>Take it</Trans>
        </button>
      )}
      {thread.assigneeId !== null && (
        <button type="button" disabled={submission.busy} onClick={() => assign(null)}>
          <Trans>Back to unassigned</Trans>
        </button>
      )}
      <FormStatus error={submission.error} notice={null} />
    </div>
  );
}
