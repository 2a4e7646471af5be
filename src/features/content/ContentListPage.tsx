import { useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";

import { formatDateTime } from "@/i18n/format";
import { RecordsPage } from "@/ui/RecordsPage";
import type { ContentSummary } from "#contract/content";

export function ContentListPage({ title, items, offlineSince }: { title: string; items: ContentSummary[]; offlineSince?: number }) {
  const { t } = useLingui();
  return (
    <RecordsPage title={title} offlineSince={offlineSince} empty={t`Nothing published yet`} count={items.length}>
      <ul className="record-list" data-testid="content-list">
        {items.map((item) => (
          <li key={item.id} className="record">
            <Link to="/pages/about/details" search={{ id: item.id }} className="content-link">
              <strong>{item.title}</strong>
              {item.summary && <span className="record-sub">{item.summary}</span>}
              <span className="record-sub">{formatDateTime(item.time)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </RecordsPage>
  );
}
