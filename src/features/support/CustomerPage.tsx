import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";

import { CopyRow } from "@/ui/CopyRow";
import { NavBar } from "@/ui/NavBar";
import { OfflineBanner } from "@/ui/OfflineBanner";
import type { PlatformInfo } from "#contract/support";

import { contactLink } from "./contact-link";

/**
 * Customer service: the chat with support first (`chat`, for a signed-in customer), then how else to reach
 * support, what to contact it for, and (`office`, the route's, from the location feature) where the company's
 * office is.
 */
export function CustomerPage({
  info,
  offlineSince,
  office,
  chat,
}: {
  info: PlatformInfo;
  offlineSince?: number;
  office?: ReactNode;
  chat?: ReactNode;
}) {
  const { t } = useLingui();
  const topics = [
    [t`Recharge matching`, t`Before each deposit, ask which channel to use; after it, send your transfer details if it is not credited.`],
    [
      t`Forgotten password`,
      t`Reset your login password yourself from the login page, with a code sent to your phone. If you lost the phone, support can reset it after checking your identity, and your fund password too.`,
    ],
    [t`Invitation rewards`, t`Questions about invitation bonuses and records.`],
  ];
  return (
    <main className="page">
      <NavBar title={t`Customer service`} />
      {offlineSince !== undefined && !chat && <OfflineBanner since={offlineSince} />}
      {chat}
      <ul className="record-list" data-testid="support-channels">
        {info.support.map((channel) => {
          const href = contactLink(channel.type, channel.value);
          return (
            <li key={channel.type} className="record">
              <span className="record-sub">{channel.label}</span>
              <CopyRow value={channel.value} label={t`Copy ${channel.label}`} />
              {href && (
                // its own app (mail, Telegram, WhatsApp) or a new tab: this page stays where it is
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="button button-small contact-open"
                  data-channel={channel.type}
                >
                  {t`Contact via ${channel.label}`}
                </a>
              )}
            </li>
          );
        })}
      </ul>
      <p className="record-sub">{t`Hours: ${info.hours}`}</p>
      {office}
      <h2 className="section-title">{t`We can help with`}</h2>
      <ul className="record-list">
        {topics.map(([title, text]) => (
          <li key={title} className="record">
            <strong>{title}</strong>
            <span className="record-sub">{text}</span>
          </li>
        ))}
      </ul>
    </main>
  );
}
