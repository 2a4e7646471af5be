import { useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";

import { formatDateTime } from "@/i18n/format";
import { MegaphoneIcon } from "@/ui/Icons";
import { RecordsPage } from "@/ui/RecordsPage";
import type { ContentSummary } from "#contract/content";

interface Props {
  title: string;
  items: ContentSummary[];
  offlineSince?: number;
  /** above the list: the company page puts its office there */
  lead?: ReactNode;
}

export function ContentListPage({ title, items, offlineSince, lead }: Props) {
  const { t } = useLingui();
  return (
    <RecordsPage
      title={title}
      offlineSince={offlineSince}
      empty={t`Nothing published yet`}
      emptyIcon={<MegaphoneIcon size={32} />}
      count={items.length}
      lead={lead}
    >
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
