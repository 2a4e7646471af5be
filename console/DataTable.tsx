import type { Key, ReactNode } from "react";

/** One column of a console table: its heading, and what each row shows in it. */
export interface Column<Row> {
  /** the heading; nothing for a column of buttons */
  head?: ReactNode;
  cell: (row: Row) => ReactNode;
  /** the class of the heading and of every cell, unless `cellClass` says otherwise for a row */
  className?: string;
  cellClass?: (row: Row) => string | undefined;
}

/**
 * A console list as a table: a heading row from the columns, then a row per item, as every list page lays them
 * out (one place for the markup the pages' tests and styles rely on: `data-testid` per row, `selected` rows).
 */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  testId,
  rowClass,
  className,
}: {
  columns: Column<Row>[];
  rows: readonly Row[] | null | undefined;
  rowKey: (row: Row) => Key;
  testId?: (row: Row) => string;
  rowClass?: (row: Row) => string | undefined;
  className?: string;
}) {
  return (
    <table className={className}>
      <TableHead columns={columns} />
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

/** A table's heading row, for the tables whose body is not one row per item (row groups, a totals table). */
export function TableHead({ columns }: { columns: ReadonlyArray<Pick<Column<never>, "head" | "className">> }) {
  return (
    <thead>
      <tr>
        {columns.map((column, index) => (
          <th key={index} className={column.className}>
            {column.head}
          </th>
        ))}
      </tr>
    </thead>
  );
}
