import { Trans, useLingui } from "@lingui/react/macro";

import type { VerificationForReview as Verification } from "#contract/ops-answers";

import { api, call } from "../api";
import { CustomerCell } from "../CustomerCell";
import { when } from "../i18n";
import { VERIFICATION_CHOICES } from "../list-choices";
import { Outcome, type QueueColumn, QueuePage } from "../QueuePage";
import { ReviewActions } from "../ReviewActions";

export function VerificationsPage() {
  const { t, i18n } = useLingui();
  const columns: QueueColumn<Verification>[] = [
    { header: <Trans>Account</Trans>, cell: (row) => <CustomerCell row={row} /> },
    { header: <Trans>Name</Trans>, cell: (row) => row.name },
    { header: <Trans>ID number</Trans>, cell: (row) => <code>{row.idNumber}</code> },
    { header: <Trans>Submitted</Trans>, cell: (row) => when(row.time), sort: "time" },
    {
      header: <Trans>Decision</Trans>,
      cell: (row, done) =>
        row.status === "review" ? (
          <ReviewActions
            approveLabel={t`Pass`}
            rejectLabel={t`Refuse`}
            onDecide={(decision, reason) =>
              call(api.reviewVerification, { id: String(row.id), decision: decision === "approve" ? "pass" : "refuse", reason })
            }
            onDone={done}
          />
        ) : (
          <Outcome status={row.status} reason={row.reason} />
        ),
    },
  ];
  return (
    <QueuePage
      title={<Trans>Real-name requests</Trans>}
      updates="verification"
      endpoint={api.listVerifications}
      exportEndpoint={api.exportVerifications}
      statuses={VERIFICATION_CHOICES.map((choice) => ({ value: choice.value, label: i18n._(choice.label) }))}
      columns={columns}
      rowTestId="verification"
    />
  );
}
