import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { useState } from "react";

import type { ListPage } from "#contract/lists";
import type { OpsPath } from "#contract/ops-paths";
import type { OpsTopic } from "#contract/stream";

import type { Column } from "./DataTable";
import type { FilterField } from "./FilterBar";
import { MONEY_QUEUE_CHOICES } from "./list-choices";
import { ListView } from "./ListView";
import { useList } from "./use-list";
import { useOpsUpdates } from "./use-ops-updates";

/** One column of a queue: its heading and what a row shows in it. `done` reports a decision and reloads. */
export interface QueueColumn<T> {
  header: ReactNode;
  cell: (row: T, done: (message: string) => void) => ReactNode;
  className?: string;
  /** the server's sort name for this column (time, amount) */
  sort?: string;
}

/**
 * The scaffolding every review queue shares: heading, the filter bar (status, dates, amounts, search) with the
 * view in the URL, the CSV export, the outcome of the last decision, a sortable table and the pager. A decision
 * reloads the page of the queue shown.
 */
export function QueuePage<T extends { id: number }>(props: {
  title: ReactNode;
  endpoint: OpsPath<ListPage<T>>;
  exportEndpoint: OpsPath;
  /** the status choices, the first being the server's default (waiting for review) */
  statuses: ReadonlyArray<{ value: string; label: string }>;
  /** whether the queue's rows have an amount to filter by */
  amounts?: boolean;
  columns: QueueColumn<T>[];
  /** a data-testid prefix for each row: "recharge" gives recharge-12 */
  rowTestId?: string;
  /** the stream's topic whose events reload the queue in place (a request submitted, another operator's decision) */
  updates?: OpsTopic;
  children?: ReactNode;
}) {
  const { t } = useLingui();
  const [notice, setNotice] = useState<string | null>(null);
  const filters: FilterField[] = [
    { name: "status", label: t`Status`, kind: "select", options: props.statuses },
    { name: "since", label: t`From`, kind: "date" },
    { name: "until", label: t`To`, kind: "date" },
    ...(props.amounts
      ? ([
          { name: "minAmount", label: t`Amount from (U)`, kind: "amount" },
          { name: "maxAmount", label: t`Amount to (U)`, kind: "amount" },
        ] as const)
      : []),
    { name: "q", label: t`Search`, kind: "text", placeholder: t`Account, phone, id or reference` },
  ];
  const list = useList(
    props.endpoint,
    filters.map((filter) => filter.name),
  );
  useOpsUpdates(props.updates ? [props.updates] : [], list.reload);
  const columns: Column<T>[] = [
    { head: "#", cell: (row) => row.id },
    ...props.columns.map((column) => ({
      head: column.header,
      className: column.className,
      sort: column.sort,
      cell: (row: T) =>
        column.cell(row, (message: string) => {
          setNotice(`#${row.id}: ${message}`);
          list.reload();
        }),
    })),
  ];
  return (
    <section>
      <h1>{props.title}</h1>
      <ListView
        list={list}
        filters={filters}
        columns={columns}
        rowName={props.rowTestId}
        exportPath={props.exportEndpoint}
        notice={notice && <p role="status">{notice}</p>}
      />
      {props.children}
    </section>
  );
}

/** A reviewed row's outcome: its status in the operator's words (as the status filter names it) and the reason given. */
export function Outcome(props: { status: string; reason: string | null }) {
  const { i18n } = useLingui();
  const choice = MONEY_QUEUE_CHOICES.find((option) => option.value === props.status);
  return (
    <span>
      {choice ? i18n._(choice.label) : props.status}
      {props.reason ? ` — ${props.reason}` : ""}
    </span>
  );
}
