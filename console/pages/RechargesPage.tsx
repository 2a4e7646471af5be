import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";

import type { RechargeForReview as Recharge } from "#contract/ops-money-answers";

import { api, call } from "../api";
import { CustomerCell } from "../CustomerCell";
import { money, when } from "../i18n";
import { MONEY_QUEUE_CHOICES } from "../list-choices";
import { Outcome, type QueueColumn, QueuePage } from "../QueuePage";
import { ReviewActions } from "../ReviewActions";
import { useTwoPerson } from "../use-two-person";

export function RechargesPage() {
  const { t, i18n } = useLingui();
  const { mayReview, gaveFirstApproval } = useTwoPerson(api.reviewRecharge);
  const [shown, setShown] = useState<Recharge | null>(null);
  const columns: QueueColumn<Recharge>[] = [
    { header: <Trans>Account</Trans>, cell: (row) => <CustomerCell row={row} /> },
    {
      header: <Trans>Amount</Trans>,
      className: "amount",
      sort: "amount",
      cell: (row) => (
        <>
          {money(row.amount)}
          {row.status === "review" && row.aboveCap && <p className="two-person">{t`Above the recharge cap: nobody may approve it`}</p>}
          {row.status === "review" && !row.aboveCap && row.needsTwoApprovals && (
            <p className="two-person">
              {row.firstApprovedBy
                ? t`First approval by ${row.firstApprovedByName ?? row.firstApprovedBy}; a different person credits it`
                : t`Needs two approvals`}
            </p>
          )}
        </>
      ),
    },
    { header: <Trans>Channel</Trans>, cell: (row) => (row.channel ? `${row.channel.name} (${row.channel.type})` : "—") },
    { header: <Trans>Submitted</Trans>, cell: (row) => when(row.time), sort: "time" },
    {
      header: <Trans>Screenshot</Trans>,
      cell: (row) => (
        <button type="button" onClick={() => setShown(row)}>
          <Trans>Open screenshot</Trans>
        </button>
      ),
    },
    {
      header: <Trans>Decision</Trans>,
      cell: (row, done) =>
        row.status === "review" ? (
          mayReview && (
            <ReviewActions
              approveLabel={row.firstApprovedBy ? t`Second approval` : t`Approve`}
              mayApprove={!row.aboveCap && !gaveFirstApproval(row)}
              approveNote={row.aboveCap ? t`Above the recharge cap` : t`You gave the first approval: another person gives the second`}
              onDecide={(decision, reason) => call(api.reviewRecharge, { id: String(row.id), decision, reason })}
              onDone={done}
            />
          )
        ) : (
          <Outcome status={row.status} reason={row.reason} />
        ),
    },
  ];
  return (
    <QueuePage
      title={<Trans>Recharges</Trans>}
      updates="recharge"
      endpoint={api.listRecharges}
      exportEndpoint={api.exportRecharges}
      statuses={MONEY_QUEUE_CHOICES.map((choice) => ({ value: choice.value, label: i18n._(choice.label) }))}
      amounts
      columns={columns}
      rowTestId="recharge"
    >
      {shown && (
        <div className="viewer" role="dialog" aria-label={t`Screenshot of recharge #${shown.id}`}>
          <img src={shown.screenshotUrl} alt={t`Transfer screenshot for ${shown.amount} from ${shown.account}`} />
          <button type="button" onClick={() => setShown(null)}>
            <Trans>Close</Trans>
          </button>
        </div>
      )}
    </QueuePage>
  );
}
