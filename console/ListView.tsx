import { Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";

import type { OpsPath } from "#contract/ops-paths";

import { type Column, DataTable } from "./DataTable";
import { FilterBar, type FilterField } from "./FilterBar";
import { exportHref } from "./list-params";
import { ListPager } from "./ListPager";
import type { ListState } from "./use-list";

/**
 * A console list laid out the one way every list is: the filter bar, the CSV export of the filtered view, the
 * table (sortable headings), and the pager with the count. The state comes from `useList`.
 */
export function ListView<Row extends { id: number }>(props: {
  list: ListState<Row>;
  filters: readonly FilterField[];
  columns: Column<Row>[];
  /** what a row is ("audit", "withdrawal"): its element is marked `<rowName>-<id>` for the browser tests */
  rowName?: string;
  rowClass?: (row: Row) => string | undefined;
  /** the list's CSV export, when it has one */
  exportPath?: OpsPath;
  className?: string;
  /** above the table: the outcome of the last action, a notice */
  notice?: ReactNode;
}) {
  const { list } = props;
  return (
    <>
      <FilterBar fields={props.filters} values={list.params} onApply={list.apply} />
      {props.exportPath && (
        <p className="list-actions">
          {/* a plain link: the browser sends the session cookie and saves the file */}
          <a href={exportHref(props.exportPath.path, list.params)} download>
            <Trans>Export CSV</Trans>
          </a>
        </p>
      )}
      {props.notice}
      {list.error && <p className="error">{list.error}</p>}
      <DataTable
        columns={props.columns}
        rows={list.data?.items}
        rowKey={(row) => row.id}
        testId={props.rowName === undefined ? undefined : (row) => `${props.rowName}-${row.id}`}
        rowClass={props.rowClass}
        className={props.className}
        sorting={list.sorting}
      />
      {list.data && (
        <ListPager
          total={list.data.total}
          totalCapped={list.data.totalCapped}
          previous={list.data.previous}
          next={list.data.next}
          onPage={list.turnTo}
        />
      )}
    </>
  );
}
