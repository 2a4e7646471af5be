import { Link, type LinkProps } from "@tanstack/react-router";
import type { ReactNode } from "react";

import { WalletIcon } from "./PageIcons";
import { RecordsPage } from "./RecordsPage";
import { type ReviewedRecord, ReviewRecordList } from "./ReviewRecordList";

/** What a review records page says: its title, its empty state's title, and the button that makes a first record. */
export interface ReviewRecordsTexts {
  title: string;
  empty: string;
  newRecord: string;
}

/**
 * The recharge or withdrawal records page: the records page around the review list, and while there is no
 * record yet, the way to make one (`newRecordTo`, labelled `texts.newRecord`).
 */
export function ReviewRecordsPage<R extends ReviewedRecord>({
  records,
  offlineSince,
  texts,
  newRecordTo,
  testId,
  details,
}: {
  records: R[];
  offlineSince?: number;
  texts: ReviewRecordsTexts;
  newRecordTo: LinkProps["to"];
  testId: string;
  details: (record: R) => ReactNode;
}) {
  return (
    <RecordsPage
      title={texts.title}
      offlineSince={offlineSince}
      empty={texts.empty}
      emptyAction={
        <Link to={newRecordTo} className="button button-primary">
          {texts.newRecord}
        </Link>
      }
      emptyIcon={<WalletIcon size={32} />}
      count={records.length}
    >
      <ReviewRecordList records={records} testId={testId} details={details} />
    </RecordsPage>
  );
}
