import type { ReactNode } from "react";
import { useState } from "react";

import type { OpsTopic } from "#contract/stream";

import { StatusFilter } from "./StatusFilter";
import { useLoad } from "./use-load";
import { useOpsUpdates } from "./use-ops-updates";

/** One column of a queue: its heading and what a row shows in it. `done` reports a decision and reloads. */
export interface QueueColumn<T> {
  header: ReactNode;
  cell: (row: T, done: (message: string) => void) => ReactNode;
  className?: string;
}

/**
 * The scaffolding every review queue shares: heading, optional status filter, the outcome of the last
 * decision, the load error and a table drawn from a column spec. A decision reloads the queue.
 */
export function QueuePage<T extends { id: number }>(props: {
  title: ReactNode;
  load: (status: string) => Promise<T[]>;
  columns: QueueColumn<T>[];
  /** the review/approved/rejected/all filter; without it the queue loads "review" */
  statusFilter?: boolean;
  /** views of this queue beyond the review statuses (the withdrawals awaiting their payment) */
  moreStatuses?: Array<{ value: string; label: string }>;
  /** a data-testid prefix for each row: "recharge" gives recharge-12 */
  rowTestId?: string;
  /** the stream's topic whose events reload the queue in place (a request submitted, another operator's decision) */
  updates?: OpsTopic;
  children?: ReactNode;
}) {
  const [status, setStatus] = useState("review");
  const [notice, setNotice] = useState<string | null>(null);
  const { data, error, reload } = useLoad(() => props.load(status), [status]);
  useOpsUpdates(props.updates ? [props.updates] : [], reload);
  return (
    <section>
      <h1>{props.title}</h1>
      {props.statusFilter && <StatusFilter value={status} onChange={setStatus} more={props.moreStatuses} />}
      {notice && <p role="status">{notice}</p>}
      {error && <p className="error">{error}</p>}
      <table>
        <thead>
          <tr>
            <th>#</th>
            {props.columns.map((column, index) => (
              <th key={index}>{column.header}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data?.map((row) => {
            const done = (message: string) => {
              setNotice(`#${row.id}: ${message}`);
              reload();
            };
            return (
              <tr key={row.id} data-testid={props.rowTestId ? `${props.rowTestId}-${row.id}` : undefined}>
                <td>{row.id}</td>
                {props.columns.map((column, index) => (
                  <td key={index} className={column.className}>
                    {column.cell(row, done)}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
      {props.children}
    </section>
  );
}

/** A reviewed row's outcome: its status and the reason given. */
export const Outcome = (props: { status: string; reason: string | null }) => (
  <span>
    {props.status}
    {props.reason ? ` — ${props.reason}` : ""}
  </span>
);
