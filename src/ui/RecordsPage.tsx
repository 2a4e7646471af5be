import type { ReactNode } from "react";
import { Empty } from "./Empty";
import { NavBar } from "./NavBar";
import { OfflineBanner } from "./OfflineBanner";

/** A records page: title, the offline banner when the list is a saved copy, and the list or its empty state. */
export function RecordsPage({ title, offlineSince, empty, count, children }: { title: string; offlineSince?: number; empty: string; count: number; children: ReactNode }) {
  return (
    <main className="page">
      <NavBar title={title} />
      {offlineSince !== undefined && <OfflineBanner since={offlineSince} />}
      {count === 0 ? <Empty title={empty} /> : children}
    </main>
  );
}
