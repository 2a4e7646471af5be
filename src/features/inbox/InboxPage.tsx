import { useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useState } from "react";

import { loadCurrentUser } from "@/api/current-user";
import { formatDateTime } from "@/i18n/format";
import { MailIcon } from "@/ui/PageIcons";
import { RecordsPage } from "@/ui/RecordsPage";
import { type MessageList, NEW_DEVICE_MESSAGE } from "#contract/inbox";

import { markMessageRead } from "./api";

/** Messages with their read flag; opening one marks it read and updates the Mine tab's badge. */
export function InboxPage({ page, offlineSince }: { page: MessageList; offlineSince?: number }) {
  const { t } = useLingui();
  const [open, setOpen] = useState<number | null>(null);
  const [read, setRead] = useState(() => new Set(page.items.filter((m) => m.read).map((m) => m.id)));

  async function toggle(id: number) {
    setOpen(open === id ? null : id);
    if (read.has(id)) return;
    const answer = await markMessageRead(id);
    if (answer.code === 1) {
      setRead((current) => new Set([...current, id]));
      // the Mine tab's badge counts from the account
      void loadCurrentUser({ fresh: true });
    }
  }

  return (
    <RecordsPage
      title={t`Messages`}
      offlineSince={offlineSince}
      empty={t`No messages`}
      emptyText={t`Notes from the platform and the results of your recharges and withdrawals appear here.`}
      emptyIcon={<MailIcon size={32} />}
      count={page.items.length}
    >
      <ul className="record-list" data-testid="messages">
        {page.items.map((message) => (
          <li key={message.id} className="record" data-read={read.has(message.id)}>
            <button type="button" className="message-head" aria-expanded={open === message.id} onClick={() => toggle(message.id)}>
              {!read.has(message.id) && <span className="dot" aria-label={t`Unread`} />}
              <strong>{message.title}</strong>
              <span className="record-sub">{formatDateTime(message.time)}</span>
            </button>
            {open === message.id && <p className="message-body">{message.body}</p>}
            {open === message.id && message.type === NEW_DEVICE_MESSAGE && (
              <Link to="/pages/user/sessions" className="button" data-testid="review-sessions">
                {t`Review your sessions`}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </RecordsPage>
  );
}
