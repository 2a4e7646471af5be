import { Trans, useLingui } from "@lingui/react/macro";

import type { SupportThreadRow } from "#contract/support-chat";
import { supportDeskPaths } from "#contract/support-chat";

import type { Column } from "../DataTable";
import type { FilterField } from "../FilterBar";
import { when } from "../i18n";
import { ListView } from "../ListView";
import { LastLine } from "../support/LastLine";
import { supportThreadHref } from "../support/support-href";
import { useList } from "../use-list";
import { useOpsUpdates } from "../use-ops-updates";

/**
 * The Support inbox: the threads nobody has (by default), the operator's own, or all, newest line first, live on
 * the console's stream. A thread waiting for support shows how many of the customer's lines came since the last reply.
 */
export function SupportInboxPage() {
  const { t } = useLingui();
  const list = useList(supportDeskPaths.supportThreads, ["view", "status", "since", "until", "q"]);
  useOpsUpdates(["support"], list.reload);
  const filters: FilterField[] = [
    {
      name: "view",
      label: t`Threads`,
      kind: "select",
      fallback: "unassigned",
      options: [
        { value: "unassigned", label: t`Unassigned` },
        { value: "mine", label: t`Mine` },
        { value: "all", label: t`All` },
      ],
    },
    {
      name: "status",
      label: t`Status`,
      kind: "select",
      fallback: "all",
      options: [
        { value: "all", label: t`Any` },
        { value: "waiting", label: t`Waiting for support` },
        { value: "answered", label: t`Answered` },
      ],
    },
    { name: "since", label: t`From`, kind: "date" },
    { name: "until", label: t`To`, kind: "date" },
    { name: "q", label: t`Customer`, kind: "text", placeholder: t`Account, phone or user:7` },
  ];
  const columns: Column<SupportThreadRow>[] = [
    { head: <Trans>Customer</Trans>, cell: (row) => <a href={supportThreadHref(row.userId)}>{row.account}</a> },
    { head: <Trans>Last line</Trans>, cell: (row) => <LastLine row={row} /> },
    { head: <Trans>When</Trans>, cell: (row) => when(row.lastAt), sort: "time" },
    {
      head: <Trans>Status</Trans>,
      cell: (row) =>
        row.status === "waiting" ? (
          <strong>
            <Trans>Waiting ({row.unread})</Trans>
          </strong>
        ) : (
          <Trans>Answered</Trans>
        ),
    },
    { head: <Trans>Assigned to</Trans>, cell: (row) => row.assigneeName ?? "—" },
    { head: <Trans>Language</Trans>, cell: (row) => row.language },
  ];
  return (
    <section>
      <h1>
        <Trans>Support</Trans>
      </h1>
      <ListView list={list} filters={filters} columns={columns} rowName="support-thread" />
    </section>
  );
}
