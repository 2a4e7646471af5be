import { Trans } from "@lingui/react/macro";

import { supportDeskPaths } from "#contract/support-chat";

import { api, call } from "../api";
import { consoleHref } from "../customer-href";
import { useMay } from "../operator-context";
import { CustomerBeside } from "../support/CustomerBeside";
import { ThreadAssignment } from "../support/ThreadAssignment";
import { ThreadComposer } from "../support/ThreadComposer";
import { ThreadLines } from "../support/ThreadLines";
import { useLoad } from "../use-load";
import { useOpsUpdates } from "../use-ops-updates";

/**
 * One customer's support thread (#/support/<user id>): the lines with the notes set apart, live on the console's
 * stream; who has it; the reply, note and canned replies in the customer's language; and the customer's profile
 * and latest records beside it.
 */
export function SupportThreadPage({ userId }: { userId: number }) {
  const may = useMay();
  const thread = useLoad(() => call(supportDeskPaths.supportThreadForOps, { userId: String(userId) }), [userId]);
  const detail = useLoad(() => (may(api.userDetail) ? call(api.userDetail, { id: String(userId) }) : Promise.resolve(null)), [userId]);
  useOpsUpdates(["support"], thread.reload);
  if (thread.error) return <p className="error">{thread.error}</p>;
  if (!thread.data) return null;
  const { thread: row, lines, canned } = thread.data;
  return (
    <article className="support-thread" data-testid="support-thread">
      <p className="back-link">
        <a href={consoleHref("/support")}>
          <Trans>Back to the inbox</Trans>
        </a>
      </p>
      <div className="support-columns">
        <section>
          <h1>
            <Trans>Support: {row.account}</Trans>
          </h1>
          <ThreadAssignment thread={row} onChanged={thread.reload} />
          <ThreadLines lines={lines} userId={userId} />
          <ThreadComposer userId={userId} canned={canned} recharges={detail.data?.recharges ?? []} onSent={thread.reload} />
        </section>
        {detail.data && <CustomerBeside detail={detail.data} />}
      </div>
    </article>
  );
}
