import { Trans, useLingui } from "@lingui/react/macro";
import { useContext, useState } from "react";

import { supportDeskPaths, type SupportThreadRow } from "#contract/support-chat";

import { call } from "../api";
import { FormStatus } from "../FormStatus";
import { OperatorContext } from "../operator-context";
import { useLoad } from "../use-load";
import { useSubmit } from "../use-submit";

/** Who has the thread: taking it, giving it to a named colleague, or giving it back to the unassigned inbox. */
export function ThreadAssignment({ thread, onChanged }: { thread: SupportThreadRow; onChanged: () => void }) {
  const { t } = useLingui();
  const operator = useContext(OperatorContext);
  const submission = useSubmit();
  const colleagues = useLoad(() => call(supportDeskPaths.supportColleagues, {}), []);
  const [colleagueId, setColleagueId] = useState("");
  const assign = (operatorId: number | null) =>
    void submission
      .submit(() =>
        call(supportDeskPaths.supportAssign, {
          userId: String(thread.userId),
          operatorId: operatorId === null ? undefined : String(operatorId),
        }),
      )
      .then((ok) => {
        if (!ok) return;
        setColleagueId("");
        onChanged();
      });
  const mine = operator?.id !== null && operator?.id === thread.assigneeId;
  // the others a thread can go to: not whoever has it, not the one giving it (they take it instead)
  const others = (colleagues.data ?? []).filter((colleague) => colleague.id !== thread.assigneeId && colleague.id !== operator?.id);
  return (
    <div className="support-assignment" data-testid="support-assignment">
      <p>{thread.assigneeName ? <Trans>Assigned to {thread.assigneeName}</Trans> : <Trans>Nobody has this thread.</Trans>}</p>
      {operator?.id != null && !mine && (
        <button type="button" disabled={submission.busy} onClick={() => assign(operator.id)} data-testid="support-take">
          <Trans>Take it</Trans>
        </button>
      )}
      {others.length > 0 && (
        <form
          className="support-give"
          onSubmit={(event) => {
            event.preventDefault();
            if (colleagueId) assign(Number(colleagueId));
          }}
        >
          <label>
            <Trans>Give to</Trans>{" "}
            <select value={colleagueId} onChange={(event) => setColleagueId(event.target.value)} data-testid="support-give-to">
              <option value="">{t`Choose a colleague`}</option>
              {others.map((colleague) => (
                <option key={colleague.id} value={colleague.id}>
                  {colleague.role === "admin" ? t`${colleague.username} (admin)` : colleague.username}
                </option>
              ))}
            </select>
          </label>{" "}
          <button type="submit" disabled={submission.busy || !colleagueId}>
            <Trans>Give</Trans>
          </button>
        </form>
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
