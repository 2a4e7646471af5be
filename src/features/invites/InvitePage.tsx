import { Trans, useLingui } from "@lingui/react/macro";

import { formatDateTime, useAmountFormat } from "@/i18n/format";
import { CopyRow } from "@/ui/CopyRow";
import { NavBar } from "@/ui/NavBar";
import { OfflineBanner } from "@/ui/OfflineBanner";
import type { Invitation } from "#contract/invites";

import { invitationLink } from "./api";

export function InvitePage({ invitation, offlineSince }: { invitation: Invitation; offlineSince?: number }) {
  const { t } = useLingui();
  const amountText = useAmountFormat();
  const link = invitationLink(invitation.code);
  const when = {
    verification: t`The bonus is paid when your friend's real-name verification is approved.`,
    first_recharge: t`The bonus is paid once your friend's real-name verification and first recharge are both approved.`,
  }[invitation.bonusPolicy];
  return (
    <main className="page">
      <NavBar title={t`Invite friends`} />
      {offlineSince !== undefined && <OfflineBanner since={offlineSince} />}
      <section className="channel-card">
        <p className="record-sub">{t`Your invitation code`}</p>
        <CopyRow value={invitation.code} label={t`Copy invitation code`} testId="my-code" />
        <p className="record-sub">{t`Invitation link`}</p>
        <CopyRow value={link} label={t`Copy the invitation link`} testId="invite-link" long />
      </section>
      <section className="balances">
        <div className="balance">
          <span className="balance-label">{t`Friends invited`}</span>
          <span className="balance-amount" data-testid="invitee-count">
            {invitation.inviteeCount}
          </span>
        </div>
        <div className="balance">
          <span className="balance-label">{t`Bonus earned`}</span>
          <span className="balance-amount">{amountText(invitation.bonusTotal)} U</span>
        </div>
      </section>
      <p className="form-lead">
        <Trans>
          The invitation activity is permanent: every friend who registers with your code counts. Ask customer service about invitation
          rewards.
        </Trans>
      </p>
      <section className="rules" aria-label={t`Invitation bonus`} data-testid="invite-policy">
        <p>
          <strong>{t`Bonus per friend: ${amountText(invitation.bonusPerInvitee)} U`}</strong>
        </p>
        <p>{when}</p>
      </section>
      {invitation.records.length > 0 && (
        <ul className="record-list">
          {invitation.records.map((record) => (
            <li key={`${record.account}-${record.time}`} className="record">
              <span className="record-line">
                <strong>{record.account}</strong>
                <span>+{amountText(record.bonus)} U</span>
              </span>
              <span className="record-sub">{formatDateTime(record.time)}</span>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
