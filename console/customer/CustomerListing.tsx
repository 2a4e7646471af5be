import type { Key, ReactNode } from "react";

import { type Column, DataTable } from "../DataTable";

/** A section's heading, with the page that handles its rows as a small link beside it. */
export function SectionHead(props: { title: string; href?: string; link?: string }) {
  return (
    <div className="section-head">
      <h2>{props.title}</h2>
      {props.href && (
        <a className="section-link" href={props.href}>
          {props.link}
        </a>
      )}
    </div>
  );
}

/** A list as the console's table, or a sentence saying it is empty (a bare heading reads as still loading). */
export function Listing<Row>(props: { columns: Column<Row>[]; rows: readonly Row[]; rowKey: (row: Row) => Key; empty: ReactNode }) {
  if (props.rows.length === 0) return <p className="empty">{props.empty}</p>;
  return <DataTable columns={props.columns} rows={props.rows} rowKey={props.rowKey} />;
}
