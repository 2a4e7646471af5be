import { Trans, useLingui } from "@lingui/react/macro";

import type { VerificationForReview as Verification } from "#contract/ops-answers";

import { api, call } from "../api";
import { CustomerCell } from "../CustomerCell";
import { type QueueColumn, QueuePage } from "../QueuePage";
import { ReviewActions } from "../ReviewActions";

export function VerificationsPage() {
  const { t } = useLingui();
  const columns: QueueColumn<Verification>[] = [
    { header: <Trans>Account</Trans>, cell: (row) => <CustomerCell row={row} /> },
    { header: <Trans>Name</Trans>, cell: (row) => row.name },
    { header: <Trans>ID number</Trans>, cell: (row) => <code>{row.idNumber}</code> },
    {
      header: <Trans>Decision</Trans>,
      cell: (row, done) => (
        <ReviewActions
          approveLabel={t`Pass`}
          rejectLabel={t`Refuse`}
          onDecide={(decision, reason) =>
            call(api.reviewVerification, { id: String(row.id), decision: decision === "approve" ? "pass" : "refuse", reason })
          }
          onDone={done}
        />
      ),
    },
  ];
  return (
    <QueuePage
      title={<Trans>Real-name requests</Trans>}
      updates="verification"
      load={() => call(api.listVerifications)}
      columns={columns}
      rowTestId="verification"
    />
  );
}
