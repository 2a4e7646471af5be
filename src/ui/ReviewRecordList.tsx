import type { ReactNode } from "react";

import { useAmountFormat } from "@/i18n/format";
import type { ReviewStatus } from "#contract/review";

import { StatusChip } from "./StatusChip";

export interface ReviewedRecord {
  id: number;
  amount: string;
  status: ReviewStatus;
}

/** A customer's recharges or withdrawals: amount and review status on the first line, the page's details below. */
export function ReviewRecordList<R extends ReviewedRecord>({
  records,
  testId,
  details,
}: {
  records: R[];
  testId: string;
  details: (record: R) => ReactNode;
}) {
  const amountText = useAmountFormat();
  return (
    <ul className="record-list" data-testid={testId}>
      {records.map((record) => (
        <li key={record.id} className="record">
          <span className="record-line">
            <strong>{amountText(record.amount)} U</strong>
            <StatusChip status={record.status} />
          </span>
          {details(record)}
        </li>
      ))}
    </ul>
  );
}
