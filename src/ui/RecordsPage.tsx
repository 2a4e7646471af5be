import type { ReactNode } from "react";

import { Empty } from "./Empty";
import { NavBar } from "./NavBar";
import { OfflineBanner } from "./OfflineBanner";
import { PullToRefresh } from "./PullToRefresh";

interface Props {
  title: string;
  offlineSince?: number;
  /** the empty state's title, and the action that fills the list, if there is one */
  empty: string;
  emptyAction?: ReactNode;
  /** what would be listed, drawn above the empty state's title, and a line on how the list fills */
  emptyIcon?: ReactNode;
  emptyText?: string;
  count: number;
  /** shown above the list or its empty state (the company page's office) */
  lead?: ReactNode;
  children: ReactNode;
}

/** A records page: title, the offline banner when the list is a saved copy, and the list (pull to refresh) or its empty state. */
export function RecordsPage({ title, offlineSince, empty, emptyAction, emptyIcon, emptyText, count, lead, children }: Props) {
  return (
    <main className="page">
      <NavBar title={title} />
      {offlineSince !== undefined && <OfflineBanner since={offlineSince} />}
      <PullToRefresh>
        {lead}
        {count === 0 ? <Empty title={empty} text={emptyText} action={emptyAction} icon={emptyIcon} /> : children}
      </PullToRefresh>
    </main>
  );
}
