import type { Key, ReactNode } from "react";

/** One column of a console table: its heading, and what each row shows in it. */
export interface Column<Row> {
  /** the heading; nothing for a column of buttons */
  head?: ReactNode;
  cell: (row: Row) => ReactNode;
  /** the class of the heading and of every cell, unless `cellClass` says otherwise for a row */
  className?: string;
  cellClass?: (row: Row) => string | undefined;
  /** the server's name for sorting by this column (time, amount…): its heading becomes a sort button */
  sort?: string;
}

/** Which column a list is sorted by and which way, and what a click on a sortable heading does. */
export interface Sorting {
  column: string;
  order: "asc" | "desc";
  onSort: (column: string) => void;
}

/**
 * A console list as a table: a heading row from the columns, then a row per item, as every list page lays them
 * out (one place for the markup the pages' tests and styles rely on: `data-testid` per row, `selected` rows).
 * A column with `sort` has a heading that sorts the list by it (a second click turns the order round).
 */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  testId,
  rowClass,
  className,
  sorting,
}: {
  columns: Column<Row>[];
  rows: readonly Row[] | null | undefined;
  rowKey: (row: Row) => Key;
  testId?: (row: Row) => string;
  rowClass?: (row: Row) => string | undefined;
  className?: string;
  sorting?: Sorting;
}) {
  return (
    <table className={className}>
      <TableHead columns={columns} sorting={sorting} />
      <tbody>
        {rows?.map((row) => (
          <tr key={rowKey(row)} data-testid={testId?.(row)} className={rowClass?.(row)}>
            {columns.map((column, index) => (
              <td key={index} className={column.cellClass ? column.cellClass(row) : column.className}>
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * A table's heading row, also for the tables whose body is not one row per item (row groups, a totals table).
 * With `sorting`, a column with `sort` has a heading button that sorts by it (a second click turns the order round).
 */
export function TableHead({
  columns,
  sorting,
}: {
  columns: ReadonlyArray<Pick<Column<never>, "head" | "className" | "sort">>;
  sorting?: Sorting;
}) {
  return (
    <thead>
      <tr>
        {columns.map((column, index) => {
          const active = sorting && column.sort === sorting.column;
          return (
            <th
              key={index}
              className={column.className}
              aria-sort={active ? (sorting.order === "asc" ? "ascending" : "descending") : undefined}
            >
              {sorting && column.sort ? (
                <button type="button" className="sort" onClick={() => sorting.onSort(column.sort!)}>
                  {column.head}
                  <span aria-hidden="true">{active ? (sorting.order === "asc" ? " ▲" : " ▼") : " ↕"}</span>
                </button>
              ) : (
                column.head
              )}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
